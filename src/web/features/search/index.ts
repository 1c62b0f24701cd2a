/** Search everywhere: the command palette the shell mounts, and the way to open it. */
export { CommandPalette } from './CommandPalette';
export { commandPalette } from './palette-opened';
