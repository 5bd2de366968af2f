import './tiny.css';

import { useState } from 'react';

/** The fixture's pages: small, but real JSX against the shared React. */
export function TinyPage() {
  const [count, setCount] = useState(0);
  return (
    <button className="tiny" onClick={() => setCount(count + 1)}>
      Tiny {count}
    </button>
  );
}

export function AboutPage() {
  return <p className="tiny">About tiny</p>;
}
