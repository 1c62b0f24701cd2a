import { checkEveryPage } from './support/accessibility';

checkEveryPage('light');
