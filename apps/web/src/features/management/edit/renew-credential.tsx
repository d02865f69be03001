import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { renewCredential } from '../api/entities';

/** A device's side card: a new credential, after a confirmation (the old one stops working). */
export function RenewCredential({
  deviceId,
  onIssued,
}: {
  deviceId: number;
  onIssued: (credential: string) => void;
}) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: () => renewCredential(deviceId),
    onSuccess: (device) => onIssued(device.credential),
  });
  return (
    <Card>
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {t('management.edit.credentialTitle')}
        </Card.Title>
        <p className="text-body-secondary">{t('management.edit.renewConfirm')}</p>
        {mutation.isError && <Alert variant="danger">{errorText(mutation.error)}</Alert>}
        <Button
          variant="outline-dark"
          disabled={mutation.isPending}
          onClick={() => {
            if (window.confirm(t('management.edit.renewConfirm'))) mutation.mutate();
          }}
        >
          {t('management.edit.renewCredential')}
        </Button>
      </Card.Body>
    </Card>
  );
}
