import { useEffect } from 'react';

const PRODUCT_NAME = 'Coursecraft';

/** Sets the browser tab title to "<title> | Coursecraft", or the product name alone. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
