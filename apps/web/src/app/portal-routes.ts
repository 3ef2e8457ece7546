/**
 * The tenant and admin pages' code, loaded through this one module (decision 052). Vite writes,
 * for every `import()` in a chunk, the list of files to preload with it; written in routes.tsx,
 * those lists for every portal page sat in the app's entry, which every public page loads. Here
 * they sit in this small chunk, fetched only when a portal route is opened.
 */
export const tenantLogin = () => import('./routes/tenant/login')
export const tenantLayout = () => import('./routes/tenant/layout')
export const tenantDashboard = () => import('./routes/tenant/dashboard')
export const adminLogin = () => import('./routes/admin/login')
export const adminLayout = () => import('./routes/admin/layout')
export const adminRootRedirect = () => import('./routes/admin/root-redirect')
export const adminPages = () => import('./routes/admin/pages')
export const adminPlaceholder = () => import('./routes/admin/placeholder')
