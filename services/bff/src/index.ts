export { createApp, type AppOptions } from './app.js';
export { createModules, warmModules } from './modules.js';
export { createJobs, runJob, type Job } from './jobs.js';
