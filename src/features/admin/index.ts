// The operator's dashboard's public face, loaded by the router in a chunk of its own: the page, and the RTK
// Query API slice the router adds to the store as the chunk arrives.
export { default as AdminPage } from './AdminPage.tsx';
export { adminApi } from './adminApi.ts';
