import { afterEach } from 'vitest';
import { createServices, type ServiceOptions, type Services } from '../../main/app/bootstrap.js';

/** Opens services for a test and closes every one of them after it (call after `useTempDirs`, so they close first). */
export function useServices(): (options: ServiceOptions) => Promise<Services> {
  const opened: Services[] = [];
  afterEach(async () => {
    for (const services of opened.splice(0)) await services.close();
  });
  return async (options) => {
    const services = await createServices(options);
    opened.push(services);
    return services;
  };
}
