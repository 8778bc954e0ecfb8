import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app';
import { compute } from './lib/query/compute';
import { startLinkSync } from './state/link-sync';

// Read the link and the working copy before the first render, so the first paint already
// shows the right scenario.
startLinkSync();

// Fault-injection hook for the browser tests (stops the worker as if it had crashed).
(window as unknown as { __compute?: typeof compute }).__compute = compute;

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
