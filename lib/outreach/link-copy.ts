import type { Locale } from '@/lib/i18n/locales';

/** Texts of the supplier's upload page (/r/{token}), in the request's language. */
export type LinkCopy = Record<
  | 'title'
  | 'intro'
  | 'asked'
  | 'due'
  | 'choose'
  | 'send'
  | 'sending'
  | 'done'
  | 'failed'
  | 'received'
  | 'limits'
  | 'gone'
  | 'gone_body'
  | 'missing'
  | 'missing_body'
  | 'result_uploaded'
  | 'result_duplicate'
  | 'result_error'
  | 'result_skipped_quota'
  | 'expired'
  | 'expired_body'
  | 'closed'
  | 'closed_body'
  | 'counts'
  | 'state_open'
  | 'state_answered'
  | 'state_accepted'
  | 'state_rejected'
  | 'rejected_files'
  | 'total_limits'
  | 'answers_title'
  | 'answers_send'
  | 'answers_sending'
  | 'answers_done'
  | 'answers_failed'
  | 'yes'
  | 'no'
  | 'choose_one',
  string
>;

export const LINK_COPY: Record<Locale, LinkCopy> = {
  en: {
    title: 'Documents requested',
    intro: '{requester} asks for the following about {product}:',
    asked: 'What is asked',
    due: 'Please send by {date}.',
    choose: 'Choose files',
    send: 'Upload',
    sending: 'Uploading…',
    done: 'Thank you: {n} file(s) received.',
    failed: 'Upload failed',
    received: '{n} file(s) received so far.',
    limits: 'PDF, images, Office or text files, ZIP; up to 10 files of 20 MB each.',
    gone: 'This link is no longer open',
    gone_body: 'It expired or was closed. Ask the sender for a new link.',
    missing: 'Link not found',
    missing_body: 'Check that you copied the whole address from the email.',
    result_uploaded: 'received',
    result_duplicate: 'you already sent this file for this request',
    result_error: 'not received',
    result_skipped_quota: 'not received (storage full)',
    expired: 'This link has expired',
    expired_body: 'Ask the sender for a new link; what you sent before was received.',
    closed: 'This request is closed',
    closed_body: 'Nothing more is needed through this link. Thank you.',
    counts: 'Your files: {accepted} accepted, {waiting} waiting for review, {rejected} not accepted.',
    state_open: 'still needed',
    state_answered: 'received, being reviewed',
    state_accepted: 'accepted',
    state_rejected: 'not accepted',
    rejected_files: 'Files not accepted',
    total_limits: 'At most {files} files and {mb} MB for this request in total.',
    answers_title: 'Your answers',
    answers_send: 'Send answers',
    answers_sending: 'Sending…',
    answers_done: 'Thank you: your answers were received and will be reviewed.',
    answers_failed: 'The answers could not be sent',
    yes: 'Yes',
    no: 'No',
    choose_one: 'Choose…',
  },
  de: {
    title: 'Angeforderte Unterlagen',
    intro: '{requester} bittet um Folgendes zu {product}:',
    asked: 'Was benötigt wird',
    due: 'Bitte bis {date} senden.',
    choose: 'Dateien wählen',
    send: 'Hochladen',
    sending: 'Wird hochgeladen…',
    done: 'Vielen Dank: {n} Datei(en) erhalten.',
    failed: 'Hochladen fehlgeschlagen',
    received: 'Bisher {n} Datei(en) erhalten.',
    limits: 'PDF, Bilder, Office- oder Textdateien, ZIP; bis zu 10 Dateien zu je 20 MB.',
    gone: 'Dieser Link ist nicht mehr offen',
    gone_body: 'Er ist abgelaufen oder wurde geschlossen. Bitten Sie den Absender um einen neuen Link.',
    missing: 'Link nicht gefunden',
    missing_body: 'Prüfen Sie, ob Sie die ganze Adresse aus der E-Mail kopiert haben.',
    result_uploaded: 'erhalten',
    result_duplicate: 'diese Datei haben Sie für diese Anfrage bereits geschickt',
    result_error: 'nicht erhalten',
    result_skipped_quota: 'nicht erhalten (Speicher voll)',
    expired: 'Dieser Link ist abgelaufen',
    expired_body: 'Bitten Sie den Absender um einen neuen Link; was Sie bereits geschickt haben, ist angekommen.',
    closed: 'Diese Anfrage ist abgeschlossen',
    closed_body: 'Über diesen Link wird nichts mehr benötigt. Vielen Dank.',
    counts: 'Ihre Dateien: {accepted} angenommen, {waiting} in Prüfung, {rejected} nicht angenommen.',
    state_open: 'fehlt noch',
    state_answered: 'erhalten, wird geprüft',
    state_accepted: 'angenommen',
    state_rejected: 'nicht angenommen',
    rejected_files: 'Nicht angenommene Dateien',
    total_limits: 'Insgesamt höchstens {files} Dateien und {mb} MB für diese Anfrage.',
    answers_title: 'Ihre Antworten',
    answers_send: 'Antworten senden',
    answers_sending: 'Wird gesendet…',
    answers_done: 'Vielen Dank: Ihre Antworten sind angekommen und werden geprüft.',
    answers_failed: 'Die Antworten konnten nicht gesendet werden',
    yes: 'Ja',
    no: 'Nein',
    choose_one: 'Bitte wählen…',
  },
  fr: {
    title: 'Documents demandés',
    intro: '{requester} demande les éléments suivants pour {product} :',
    asked: 'Ce qui est demandé',
    due: 'Merci d’envoyer avant le {date}.',
    choose: 'Choisir des fichiers',
    send: 'Envoyer',
    sending: 'Envoi…',
    done: 'Merci : {n} fichier(s) reçu(s).',
    failed: 'Échec de l’envoi',
    received: '{n} fichier(s) reçu(s) jusqu’ici.',
    limits: 'PDF, images, fichiers Office ou texte, ZIP ; jusqu’à 10 fichiers de 20 Mo.',
    gone: 'Ce lien n’est plus ouvert',
    gone_body: 'Il a expiré ou a été fermé. Demandez un nouveau lien à l’expéditeur.',
    missing: 'Lien introuvable',
    missing_body: 'Vérifiez que vous avez copié toute l’adresse de l’e-mail.',
    result_uploaded: 'reçu',
    result_duplicate: 'vous avez déjà envoyé ce fichier pour cette demande',
    result_error: 'non reçu',
    result_skipped_quota: 'non reçu (stockage plein)',
    expired: 'Ce lien a expiré',
    expired_body: 'Demandez un nouveau lien à l’expéditeur ; ce que vous avez déjà envoyé a été reçu.',
    closed: 'Cette demande est close',
    closed_body: 'Plus rien n’est nécessaire par ce lien. Merci.',
    counts: 'Vos fichiers : {accepted} acceptés, {waiting} en cours d’examen, {rejected} non acceptés.',
    state_open: 'encore nécessaire',
    state_answered: 'reçu, en cours d’examen',
    state_accepted: 'accepté',
    state_rejected: 'non accepté',
    rejected_files: 'Fichiers non acceptés',
    total_limits: 'Au plus {files} fichiers et {mb} Mo au total pour cette demande.',
    answers_title: 'Vos réponses',
    answers_send: 'Envoyer les réponses',
    answers_sending: 'Envoi…',
    answers_done: 'Merci : vos réponses ont été reçues et seront examinées.',
    answers_failed: 'Les réponses n’ont pas pu être envoyées',
    yes: 'Oui',
    no: 'Non',
    choose_one: 'Choisir…',
  },
  es: {
    title: 'Documentos solicitados',
    intro: '{requester} solicita lo siguiente sobre {product}:',
    asked: 'Lo que se solicita',
    due: 'Envíelo antes del {date}.',
    choose: 'Elegir archivos',
    send: 'Subir',
    sending: 'Subiendo…',
    done: 'Gracias: {n} archivo(s) recibido(s).',
    failed: 'Error al subir',
    received: '{n} archivo(s) recibido(s) hasta ahora.',
    limits: 'PDF, imágenes, archivos Office o de texto, ZIP; hasta 10 archivos de 20 MB.',
    gone: 'Este enlace ya no está abierto',
    gone_body: 'Caducó o se cerró. Pida un enlace nuevo al remitente.',
    missing: 'Enlace no encontrado',
    missing_body: 'Compruebe que copió la dirección completa del correo.',
    result_uploaded: 'recibido',
    result_duplicate: 'ya envió este archivo para esta solicitud',
    result_error: 'no recibido',
    result_skipped_quota: 'no recibido (almacenamiento lleno)',
    expired: 'Este enlace ha caducado',
    expired_body: 'Pida un enlace nuevo al remitente; lo que ya envió se ha recibido.',
    closed: 'Esta solicitud está cerrada',
    closed_body: 'Ya no se necesita nada más a través de este enlace. Gracias.',
    counts: 'Sus archivos: {accepted} aceptados, {waiting} en revisión, {rejected} no aceptados.',
    state_open: 'aún necesario',
    state_answered: 'recibido, en revisión',
    state_accepted: 'aceptado',
    state_rejected: 'no aceptado',
    rejected_files: 'Archivos no aceptados',
    total_limits: 'Como máximo {files} archivos y {mb} MB en total para esta solicitud.',
    answers_title: 'Sus respuestas',
    answers_send: 'Enviar respuestas',
    answers_sending: 'Enviando…',
    answers_done: 'Gracias: sus respuestas se han recibido y se revisarán.',
    answers_failed: 'No se pudieron enviar las respuestas',
    yes: 'Sí',
    no: 'No',
    choose_one: 'Elegir…',
  },
  it: {
    title: 'Documenti richiesti',
    intro: '{requester} chiede quanto segue per {product}:',
    asked: 'Cosa viene richiesto',
    due: 'Inviare entro il {date}.',
    choose: 'Scegli i file',
    send: 'Carica',
    sending: 'Caricamento…',
    done: 'Grazie: {n} file ricevuti.',
    failed: 'Caricamento non riuscito',
    received: '{n} file ricevuti finora.',
    limits: 'PDF, immagini, file Office o di testo, ZIP; fino a 10 file da 20 MB.',
    gone: 'Questo link non è più aperto',
    gone_body: 'È scaduto o è stato chiuso. Chieda un nuovo link al mittente.',
    missing: 'Link non trovato',
    missing_body: 'Verifichi di aver copiato l’intero indirizzo dall’e-mail.',
    result_uploaded: 'ricevuto',
    result_duplicate: 'ha già inviato questo file per questa richiesta',
    result_error: 'non ricevuto',
    result_skipped_quota: 'non ricevuto (spazio esaurito)',
    expired: 'Questo link è scaduto',
    expired_body: 'Chieda un nuovo link al mittente; quanto già inviato è stato ricevuto.',
    closed: 'Questa richiesta è chiusa',
    closed_body: 'Tramite questo link non serve più nulla. Grazie.',
    counts: 'I suoi file: {accepted} accettati, {waiting} in revisione, {rejected} non accettati.',
    state_open: 'ancora necessario',
    state_answered: 'ricevuto, in revisione',
    state_accepted: 'accettato',
    state_rejected: 'non accettato',
    rejected_files: 'File non accettati',
    total_limits: 'Al massimo {files} file e {mb} MB in totale per questa richiesta.',
    answers_title: 'Le sue risposte',
    answers_send: 'Invia risposte',
    answers_sending: 'Invio…',
    answers_done: 'Grazie: le sue risposte sono state ricevute e verranno esaminate.',
    answers_failed: 'Non è stato possibile inviare le risposte',
    yes: 'Sì',
    no: 'No',
    choose_one: 'Scegliere…',
  },
};
