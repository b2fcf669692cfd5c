import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { installDomShims } from '@wenku/ui/testing';

installDomShims();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
