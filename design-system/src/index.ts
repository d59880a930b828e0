export { cn } from './lib/cn';
export * from './components/Spinner';
export * from './components/Button';
