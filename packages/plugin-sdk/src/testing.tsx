import 'reflect-metadata';

import type { ReactNode } from 'react';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';

import type { ServiceOverrides } from '../../../core/registerCoreServices';
import { ServicesProvider } from '../../../core/sdk';

/**
 * A container holding only the given `[token, fake]` pairs, each fake checked against its token's
 * interface: what a plugin's page uses must be faked, and a service it forgot fails by name.
 */
export function createTestServices<const Services extends readonly unknown[]>(
  services: ServiceOverrides<Services>,
): DependencyContainer {
  const container = rootContainer.createChildContainer();
  for (const [token, fake] of services as readonly (readonly [symbol, unknown])[])
    container.register(token, { useValue: fake });
  return container;
}

/** Renders `children` over `container` (see createTestServices), as the console renders a plugin's page. */
export function TestServices({ container, children }: { container: DependencyContainer; children: ReactNode }) {
  return <ServicesProvider container={container}>{children}</ServicesProvider>;
}
