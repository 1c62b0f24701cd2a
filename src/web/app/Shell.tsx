import { Anchor, AppShell, Burger, Button, Group, Kbd, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconSearch } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useCan, useCurrentUser } from '../features/auth';
import { useOutboxSender } from '../features/prospects';
import { useMfaStatus } from '../features/staff';
import { actions, nav, pagePermission } from './features';
import { PermittedPage, pageFallback } from './PermittedPage';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { SignOutButton } from './SignOutButton';
import { CommandPalette, commandPalette } from '../features/search';
import { paths } from '../paths';
import { ModalViewBridge, ExternalLinksInNewTab } from '../ui';

/** The release that served the page (src/server/plugins/spa.ts). */
const release = document.querySelector<HTMLMetaElement>('meta[name="release"]')?.content ?? '';

/** The admin frame, with the dialogs its pages open (none opens one outside it, so they load with the frame). */
export function Shell() {
  return (
    <ModalsProvider>
      <Frame />
    </ModalsProvider>
  );
}

/** A sidebar (shown above 992 px or when toggled), a top bar with the signed-in user, the page. */
function Frame() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const me = useCurrentUser();
  const location = useLocation();
  const [params] = useSearchParams();
  const can = useCan();
  const mfa = useMfaStatus();
  // Visits logged with no network go out from whichever page is open.
  useOutboxSender(can('prospects.log'));

  // Pages opened in a modal iframe (view=modal) show without the frame.
  if (params.get('view') === 'modal') {
    return (
      <main style={{ padding: 16 }}>
        <ModalViewBridge />
        <ExternalLinksInNewTab />
        <PermittedPage />
      </main>
    );
  }

  // REQUIRE_MFA_FOR_ADMINS (ADR 014): until two-factor sign-in is set up, only the account page answers.
  if (mfa.data?.setupRequired && location.pathname !== paths.account) return <Navigate to={paths.account} replace />;

  const entries = nav.filter((entry) => can(entry.permission));
  // A role without the dashboard (a field rep) starts on its first page instead.
  if (location.pathname === paths.dashboard && me.data && !can(pagePermission(paths.dashboard)) && entries[0])
    return <Navigate to={entries[0].href} replace />;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <CommandPalette nav={nav} actions={actions} />
      <AppShell.Header>
        <TopBar navOpened={opened} onToggleNav={toggle} userName={me.data?.name ?? ''} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <MainNav entries={entries} pathname={location.pathname} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <ExternalLinksInNewTab />
        {me.isPending ? pageFallback : <PermittedPage />}
      </AppShell.Main>
    </AppShell>
  );
}

/** The title, the search, the colour scheme, the signed-in user and signing out; the burger below 992 px. */
function TopBar({ navOpened, onToggleNav, userName }: { navOpened: boolean; onToggleNav(): void; userName: string }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
        <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
          Back Office
        </Title>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconSearch size={16} />}
          onClick={() => commandPalette.open()}
          aria-keyshortcuts="Control+K /"
        >
          Search{' '}
          <Kbd ml={6} size="xs" visibleFrom="sm">
            Ctrl K
          </Kbd>
        </Button>
        <ColorSchemeToggle />
        <Anchor component={Link} to={paths.account} size="sm" visibleFrom="xs" data-testid="current-user">
          {userName}
        </Anchor>
        <SignOutButton />
      </Group>
    </Group>
  );
}

/** The pages the user may open, the current one marked, and the release below them. */
function MainNav({ entries, pathname, onNavigate }: { entries: typeof nav; pathname: string; onNavigate(): void }) {
  const isActive = (href: string) => (href === paths.dashboard ? pathname === href : pathname.startsWith(href));
  return (
    <>
      <ScrollArea>
        {entries.map((entry) => (
          <NavLink
            key={entry.href}
            component={Link}
            to={entry.href}
            label={entry.label}
            leftSection={<entry.icon size={18} stroke={1.6} />}
            active={isActive(entry.href)}
            onClick={onNavigate}
          />
        ))}
      </ScrollArea>
      {/* A migration's name is one long word: it breaks anywhere rather than run past the sidebar. */}
      <Text size="xs" c="dimmed" px="sm" pt="xs" data-testid="release" style={{ overflowWrap: 'anywhere' }}>
        Back Office {release}
      </Text>
    </>
  );
}
