import { describe, expect, it } from 'vitest';

import { PathTrie } from './pathTrie';

describe('PathTrie.lookupPath (walks the path in place)', () => {
  const trie = new PathTrie<string>();
  for (const prefix of [
    '/private',
    '/private/var/tmp',
    '/var/db/x',
    '/usr/libexec/evil',
    '/usr/libexec/evil/helper',
    '/etc/hosts',
  ])
    trie.add(prefix, prefix);

  const paths = [
    '/usr/libexec/evil',
    '/usr/libexec/evil/',
    '/usr/libexec/evil/helper/x',
    '/usr/libexec/evilx',
    '//usr///libexec/evil',
    '/usr/libexec/./evil',
    '/usr/lib/../libexec/evil',
    '/var/tmp/a',
    '/tmp/a',
    '/private/var/db/x/y',
    '/etc/hosts',
    '/etcetera/hosts',
    '/.hidden/var',
    '/',
    '',
    'usr/libexec/evil',
    '/System/Library',
  ];

  it('answers as lookup (segments normalised first) for every spelling of a path', () => {
    for (const path of paths) expect([...trie.lookupPath(path)], path).toEqual(trie.lookup(path));
  });

  it('finds the prefixes on whole segments, /var read as /private/var', () => {
    expect(trie.lookupPath('/var/tmp/drop')).toEqual(['/private', '/private/var/tmp']);
    expect(trie.lookupPath('/usr/libexec/evil/helper')).toEqual(['/usr/libexec/evil', '/usr/libexec/evil/helper']);
    expect(trie.lookupPath('/usr/libexec/evilx')).toEqual([]);
  });
});
