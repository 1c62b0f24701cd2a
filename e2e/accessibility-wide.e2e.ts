import { checkEveryPage } from './support/accessibility';

checkEveryPage('wide');
