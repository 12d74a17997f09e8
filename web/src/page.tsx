/**
 * The page itself, loaded by main.tsx once the compute worker has been started (boot.ts). It is drawn
 * once its first answer is in, or after {@link FIRST_ANSWER_WAIT_MS}: the form and the answer in one
 * layout, instead of the form and then the answer (the page's own work decided the time to answer).
 */
import { render } from 'preact';
import { App, firstAnswer } from './app.js';
import './style.css';

/** The longest the page waits for its first answer before drawing the form without it, ms. */
const FIRST_ANSWER_WAIT_MS = 250;

await firstAnswer(FIRST_ANSWER_WAIT_MS);
const root = document.getElementById('app')!;
root.replaceChildren(); // the static "computing" line of index.html
render(<App />, root);
