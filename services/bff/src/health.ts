/**
 * What a load balancer asks of one replica. Liveness: the process answers. Readiness: it has finished its
 * migrations, reaches the database and is not shutting down; until then every other /api call answers 503 too, so
 * nothing runs against a schema still being changed.
 */
export interface Health {
  state: 'migrating' | 'ready' | 'stopping';
}

export function createHealth(state: Health['state'] = 'ready'): Health {
  return { state };
}

export const HEALTH_PATHS = ['/api/health', '/api/health/live', '/api/health/ready'];
