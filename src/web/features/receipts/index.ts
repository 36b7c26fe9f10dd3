export { ReceiptDownloadButton, ReceiptDownloads, VerifyReceiptLink } from './components/receipt-downloads';
export { AttestationKeyNote } from './components/attestation-key-note';
