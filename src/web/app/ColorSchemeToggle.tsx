import { ActionIcon, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

const NEXT: Record<MantineColorScheme, MantineColorScheme> = { auto: 'dark', dark: 'light', light: 'auto' };
const LABEL: Record<MantineColorScheme, string> = { auto: 'system', dark: 'dark', light: 'light' };
const ICON = { auto: IconDeviceDesktop, dark: IconMoon, light: IconSun };

/** Light, dark or the system's setting (the default), kept in this browser; one button cycles through them. */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const Icon = ICON[colorScheme];
  return (
    <ActionIcon
      variant="default"
      size="md"
      onClick={() => setColorScheme(NEXT[colorScheme])}
      aria-label={`Colour scheme: ${LABEL[colorScheme]}. Switch to ${LABEL[NEXT[colorScheme]]}`}
      title={`Colour scheme: ${LABEL[colorScheme]}`}
    >
      <Icon size={16} stroke={1.6} />
    </ActionIcon>
  );
}
