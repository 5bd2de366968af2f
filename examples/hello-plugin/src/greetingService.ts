import { createServiceFactory, createServiceToken, NavigationServiceToken } from '@console/plugin-sdk';

/** The plugin's own service: registered in its child container, invisible to the console and other plugins. */
export interface GreetingService {
  greeting(name: string): string;
}

export const GreetingServiceToken = createServiceToken<GreetingService>('hello.greeting');

export const greetingServiceFactory = createServiceFactory({
  token: GreetingServiceToken,
  deps: { navigation: NavigationServiceToken },
  factory: ({ navigation }): GreetingService => ({
    greeting: (name) => `Hello, ${name}, from ${navigation.path()}`,
  }),
});
