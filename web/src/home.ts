import { startHomePage } from './features/home/page-script/home-page';

// The prerendered /home runs this instead of the app (see prerender-plugin.ts).
startHomePage();
