import { H2 } from '@blueprintjs/core';

export default function BetaPage() {
  return <H2>Beta page</H2>;
}
