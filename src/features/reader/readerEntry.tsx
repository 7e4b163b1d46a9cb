// The reader's page's entry (read.html): React and the page, nothing of the student's app: no session, store,
// persistence, service worker or analytics.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ReaderPage } from './ReaderPage.tsx';
import './reader.css';

const root = document.getElementById('reader');
if (root) createRoot(root).render(<StrictMode><ReaderPage /></StrictMode>);
