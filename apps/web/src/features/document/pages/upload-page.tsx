/** /upload lives in features/upload; the route table points here. */
export { default } from '../../upload/pages/upload-page';
