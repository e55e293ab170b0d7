// lucide ships each icon as a module of plain data but declares types only for its index.
declare module 'lucide/dist/esm/icons/*.mjs' {
  import type { IconNode } from 'lucide';
  const icon: IconNode;
  export default icon;
}
