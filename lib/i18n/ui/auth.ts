import { defineMessages } from '../ui';

/** Sign-in and sign-up: the forms and the frame around them. */
export const authMessages = defineMessages({
  en: {
    'sign_in.title': 'Sign in',
    'sign_in.subtitle': 'Welcome back. Sign in to your compliance workspace.',
    'sign_in.submit': 'Sign in',
    'sign_in.pending': 'Signing in…',
    'sign_in.switch_text': 'New here?',
    'sign_in.switch_link': 'Create an account',
    'sign_up.title': 'Create your account',
    'sign_up.subtitle': 'Start a free trial workspace. No card needed.',
    'sign_up.submit': 'Create account',
    'sign_up.pending': 'Creating account…',
    'sign_up.switch_text': 'Already have an account?',
    'sign_up.switch_link': 'Sign in',

    'form.email': 'Work email',
    'form.email_placeholder': 'you@company.com',
    'form.email_required': 'Enter your email address.',
    'form.email_invalid': 'Enter a valid email address, like name@company.com.',
    'form.sign_in_instead': 'Sign in to that account instead',
    'form.password': 'Password',
    'form.password_required_sign_in': 'Enter your password.',
    'form.password_required_sign_up': 'Choose a password.',
    'form.password_min': 'Use at least {min} characters.',
    'form.password_hint': 'At least {min} characters.',
    'form.hide_password': 'Hide password',
    'form.show_password': 'Show password',

    'layout.api_reference': 'API reference',
    'layout.error_codes': 'Error codes',
    'layout.regulation': 'Regulation (EU) 2023/988 · General Product Safety',
    'layout.headline': 'Every product ready for the EU market, and the proof to show it.',
    'layout.blockers.title': 'Blockers, not guesswork',
    'layout.blockers.text':
      'Each SKU is checked against GPSR and its sector rules, so you see exactly what is missing before a marketplace does.',
    'layout.evidence.title': 'Evidence with its source',
    'layout.evidence.text':
      'Declarations, test reports and safety data sheets are classified, and every extracted value keeps the page it came from.',
    'layout.pages.title': 'Safety pages in every language',
    'layout.pages.text':
      'Publish the Art. 19 information per product, with a QR code and a dossier an authority can read.',
  },
  de: {
    'sign_in.title': 'Anmelden',
    'sign_in.subtitle': 'Willkommen zurück. Melden Sie sich bei Ihrem Compliance-Arbeitsbereich an.',
    'sign_in.submit': 'Anmelden',
    'sign_in.pending': 'Wird angemeldet…',
    'sign_in.switch_text': 'Neu hier?',
    'sign_in.switch_link': 'Konto erstellen',
    'sign_up.title': 'Konto erstellen',
    'sign_up.subtitle': 'Starten Sie einen kostenlosen Test-Arbeitsbereich. Keine Kreditkarte nötig.',
    'sign_up.submit': 'Konto erstellen',
    'sign_up.pending': 'Konto wird erstellt…',
    'sign_up.switch_text': 'Sie haben bereits ein Konto?',
    'sign_up.switch_link': 'Anmelden',

    'form.email': 'Geschäftliche E-Mail',
    'form.email_placeholder': 'name@unternehmen.de',
    'form.email_required': 'Geben Sie Ihre E-Mail-Adresse ein.',
    'form.email_invalid': 'Geben Sie eine gültige E-Mail-Adresse ein, etwa name@unternehmen.de.',
    'form.sign_in_instead': 'Stattdessen bei diesem Konto anmelden',
    'form.password': 'Passwort',
    'form.password_required_sign_in': 'Geben Sie Ihr Passwort ein.',
    'form.password_required_sign_up': 'Wählen Sie ein Passwort.',
    'form.password_min': 'Verwenden Sie mindestens {min} Zeichen.',
    'form.password_hint': 'Mindestens {min} Zeichen.',
    'form.hide_password': 'Passwort verbergen',
    'form.show_password': 'Passwort anzeigen',

    'layout.api_reference': 'API-Referenz',
    'layout.error_codes': 'Fehlercodes',
    'layout.regulation': 'Verordnung (EU) 2023/988 · Allgemeine Produktsicherheit',
    'layout.headline': 'Jedes Produkt bereit für den EU-Markt – mit dem Nachweis dafür.',
    'layout.blockers.title': 'Blocker statt Rätselraten',
    'layout.blockers.text':
      'Jede SKU wird gegen die GPSR und ihre Branchenregeln geprüft, sodass Sie genau sehen, was fehlt, bevor ein Marktplatz es bemerkt.',
    'layout.evidence.title': 'Nachweise mit ihrer Quelle',
    'layout.evidence.text':
      'Konformitätserklärungen, Prüfberichte und Sicherheitsdatenblätter werden klassifiziert, und jeder extrahierte Wert behält die Seite, von der er stammt.',
    'layout.pages.title': 'Sicherheitsseiten in jeder Sprache',
    'layout.pages.text':
      'Veröffentlichen Sie die Angaben nach Art. 19 je Produkt, mit QR-Code und einem Dossier, das eine Behörde lesen kann.',
  },
});
