import { PRODUCT_NAME } from '@/contracts/limits';

/** Page title = translated route name + product suffix, or the product name alone. */
export function setPageTitle(name: string | undefined) {
  document.title = name ? `${name} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}
