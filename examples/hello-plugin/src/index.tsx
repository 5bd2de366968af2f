import { Button, Card, H2 } from '@blueprintjs/core';
import {
  AppLink,
  NavigationServiceToken,
  type PageProps,
  ToastServiceToken,
  useObservable,
  usePageTitle,
  useService,
} from '@console/plugin-sdk';
import { useState } from 'react';

import { greetingServiceFactory, GreetingServiceToken } from './greetingService';

/** Registered in the plugin's own child container by the console. */
export const services = [greetingServiceFactory];

/** `/hello`: a host service (navigation, toasts), the plugin's own service and React state. */
export function HelloPage(_props: PageProps) {
  usePageTitle('Hello');
  const navigation = useService(NavigationServiceToken);
  const toasts = useService(ToastServiceToken);
  const greetings = useService(GreetingServiceToken);
  const path = useObservable(navigation.path$, navigation.path());
  const [count, setCount] = useState(0);
  return (
    <Card>
      <H2>Hello from a runtime plugin</H2>
      <p data-testid="hello-greeting">{greetings.greeting('operator')}</p>
      <p>You are at {path}.</p>
      <Button
        intent="primary"
        text={`Clicked ${count} times`}
        onClick={() => {
          setCount(count + 1);
          toasts.success('Hello', `Clicked ${count + 1} times`);
        }}
      />
    </Card>
  );
}

/** The header piece: a link to the page. */
export function HelloHeaderLink() {
  return <AppLink to="/hello">Hello</AppLink>;
}
