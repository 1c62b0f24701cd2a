import { checkEveryPage } from './support/accessibility';

checkEveryPage('dark');
