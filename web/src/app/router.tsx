import { createBrowserRouter } from 'react-router';
import { onSessionExpired } from '../api/client';
import { APP_ROUTES } from './app-routes';

// Every page is its own chunk, so the first screen loads only what it shows.
export const router = createBrowserRouter(APP_ROUTES);

onSessionExpired(() => void router.navigate('/login', { replace: true }));
