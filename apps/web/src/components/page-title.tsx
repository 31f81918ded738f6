import { PRODUCT_NAME } from '@/lib/site-content';

/** The document title of a page (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME}</title>;
}
