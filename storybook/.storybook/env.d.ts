// Stylesheets imported for their side effects (the design-system theme).
declare module '*.css';
