import { checkEveryPage } from './support/accessibility';

checkEveryPage('narrow');
