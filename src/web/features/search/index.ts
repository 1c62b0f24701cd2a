/** Search everywhere: the command palette the shell mounts, and the way to open it. */
export { CommandPalette } from './CommandPalette';
export { spotlight as commandPalette } from '@mantine/spotlight';
