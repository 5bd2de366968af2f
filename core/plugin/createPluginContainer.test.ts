import 'reflect-metadata';

import { container as rootContainer } from 'tsyringe';
import { describe, expect, it, vi } from 'vitest';

import { createServiceToken } from '../di/ServiceToken';
import { createPluginContainer } from './createPluginContainer';
import { createServiceFactory } from './ServiceFactory';

interface Clock {
  now(): number;
}
interface Greeter {
  greet(name: string): string;
}
const ClockToken = createServiceToken<Clock>('test.plugin.clock');
const GreeterToken = createServiceToken<Greeter>('test.plugin.greeter');
const MissingToken = createServiceToken<Clock>('test.plugin.missing');

const greeterFactory = vi.fn(({ clock }: { clock: Clock }) => ({
  greet: (name: string) => `hello ${name} at ${clock.now()}`,
}));
const services = [
  createServiceFactory({ token: GreeterToken, deps: { clock: ClockToken }, factory: greeterFactory }),
  createServiceFactory({ token: ClockToken, deps: {}, factory: () => ({ now: () => 42 }) }),
];

describe('createPluginContainer', () => {
  it("resolves a plugin's services with their dependencies, once per container", () => {
    greeterFactory.mockClear();
    const scope = createPluginContainer(rootContainer.createChildContainer(), 'demo', services);
    expect(scope.resolve(GreeterToken).greet('ada')).toBe('hello ada at 42');
    expect(scope.resolve(GreeterToken)).toBe(scope.resolve(GreeterToken));
    expect(greeterFactory).toHaveBeenCalledTimes(1);
  });

  it('skips tokens the parent already has, so a fake registered by the host wins', () => {
    const parent = rootContainer.createChildContainer();
    parent.register(ClockToken, { useValue: { now: () => 7 } });
    const scope = createPluginContainer(parent, 'demo', services);
    expect(scope.resolve(GreeterToken).greet('bob')).toBe('hello bob at 7');
  });

  it('leaves the parent untouched', () => {
    const parent = rootContainer.createChildContainer();
    createPluginContainer(parent, 'demo', services);
    expect(parent.isRegistered(GreeterToken, true)).toBe(false);
  });

  it('names the plugin and the missing dependency', () => {
    const scope = createPluginContainer(rootContainer.createChildContainer(), 'demo', [
      createServiceFactory({
        token: GreeterToken,
        deps: { clock: MissingToken },
        factory: ({ clock }) => ({ greet: () => String(clock.now()) }),
      }),
    ]);
    expect(() => scope.resolve(GreeterToken)).toThrow(
      "plugin 'demo': console.test.plugin.greeter needs 'clock' (console.test.plugin.missing), which nothing registers",
    );
  });

  it('refuses a token provided twice', () => {
    expect(() =>
      createPluginContainer(rootContainer.createChildContainer(), 'demo', [services[1]!, services[1]!]),
    ).toThrow("plugin 'demo' provides console.test.plugin.clock twice");
  });
});
