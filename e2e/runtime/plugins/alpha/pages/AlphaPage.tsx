import { H2 } from '@blueprintjs/core';

export default function AlphaPage() {
  return <H2>Alpha page</H2>;
}
