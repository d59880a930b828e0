export { createApp, type AppOptions } from './app.js';
export { createModules } from './modules.js';
export { createJobs, runJob, type Job } from './jobs.js';
