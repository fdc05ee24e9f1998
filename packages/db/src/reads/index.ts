export * from './pages';
export * from './hlp';
