/**
 * Entry of the asl-odds web page: a few hundred bytes that start the compute worker with the URL's
 * question (boot.ts) and then load the page (page.tsx). The worker's start needs this thread; from
 * inside the page's bundle it waited for the bundle's evaluation and first drawing (about 100 ms).
 */
import './boot.js';

void import('./page.js');
