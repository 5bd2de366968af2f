import { createContext, type ReactNode, useContext } from 'react';
import type { DependencyContainer } from 'tsyringe';

/** The nearest container; null outside a ServicesProvider (hooks that work without services read it). */
export const ContainerContext = createContext<DependencyContainer | null>(null);

export interface ServicesProviderProps {
  container: DependencyContainer;
  children?: ReactNode;
}

/** Makes a tsyringe container (real services, or a harness with fakes) available to `useService`. */
export function ServicesProvider({ container, children }: ServicesProviderProps) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** The container of the nearest ServicesProvider; throws outside one (a wiring bug, not a state). */
export function useContainer(): DependencyContainer {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService/useContainer must be used inside <ServicesProvider>');
  return container;
}
