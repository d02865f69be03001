import { useState } from 'react';
import { Alert, Button, Form, InputGroup, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A device's credential, shown this once (creation or renewal), with a copy button. */
export function CredentialDialog({
  credential,
  onClose,
}: {
  credential: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(credential ?? '');
      setCopied(true);
    } catch {
      // No clipboard (an insecure page): the text stays selectable in the field.
      setCopied(false);
    }
  };
  return (
    <Modal
      show={credential !== null}
      onHide={onClose}
      backdrop="static"
      keyboard={false}
      aria-labelledby="credential-title"
    >
      <Modal.Header>
        <Modal.Title id="credential-title" as="h2" className="h5">
          {t('management.edit.credentialTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning">{t('management.edit.credentialWarning')}</Alert>
        <Form.Label htmlFor="device-credential">{t('management.edit.credentialLabel')}</Form.Label>
        <InputGroup>
          <Form.Control
            id="device-credential"
            readOnly
            value={credential ?? ''}
            className="font-monospace"
            onFocus={(event) => event.target.select()}
          />
          <Button variant="outline-primary" onClick={() => void copy()}>
            {copied ? t('management.edit.copied') : t('management.edit.copy')}
          </Button>
        </InputGroup>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          {t('management.edit.done')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
