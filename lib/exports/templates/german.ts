/**
 * The templates' names and descriptions in German, for the German UI. The API keeps serving the English
 * text of the template definitions (the contract's `name` and `description`); ids are the templates' ids.
 * Pure data, so the browser can import it.
 */
export const TEMPLATE_TEXT_DE: Readonly<Record<string, { name: string; description: string }>> = {
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a01': {
    name: 'Amazon-EU-Angebote (GPSR-Attribute)',
    description:
      'JSON_LISTINGS_FEED mit PATCH-Nachrichten: gpsr_manufacturer_reference, dsa_responsible_party_address, gpsr_safety_attestation, manufacturer, safety_warning je Angebotssprache und country_of_origin, für jeden Amazon-EU-Marktplatz unter den Zielmärkten. Vor dem Hochladen SELLER_ID ersetzen.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a02': {
    name: 'Amazon-EU-Angebote (GPSR-Attribute)',
    description:
      'JSON_LISTINGS_FEED mit PATCH-Nachrichten: gpsr_manufacturer_reference, dsa_responsible_party_address, gpsr_safety_attestation, manufacturer, safety_warning je Angebotssprache, compliance_media (öffentliche Dokument-URLs je Sprache) und country_of_origin, für jeden Amazon-EU-Marktplatz unter den Zielmärkten. Vor dem Hochladen SELLER_ID ersetzen.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a03': {
    name: 'Amazon-EU-Angebote (GPSR-Attribute)',
    description:
      'JSON_LISTINGS_FEED mit PATCH-Nachrichten: gpsr_manufacturer_reference, dsa_responsible_party_address, gpsr_safety_attestation, manufacturer, safety_warning je Angebotssprache, compliance_media und country_of_origin, für jeden Amazon-EU-Marktplatz unter den Zielmärkten. Der Produkttyp jeder SKU kommt aus der Zuordnung ihrer Kategorie (Vorgaben aus Amazons Produkttyp-Definitionen, je Arbeitsbereich änderbar); die Attribute werden gegen das JSON-Schema des Produkttyps geprüft; SKUs einer nicht zugeordneten Kategorie bleiben mit einem Hinweis draußen. Vor dem Hochladen SELLER_ID ersetzen.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a11': {
    name: 'Amazon-EU Listings Items API (VALIDATION_PREVIEW-Anfragen)',
    description:
      'patchListingsItem-Anfragen (Listings Items API 2021-08-01), eine je SKU und Amazon-EU-Marktplatz unter ihren Zielmärkten, mit mode=VALIDATION_PREVIEW: Amazon nennt die Probleme des Angebots, ohne es zu speichern. Inhalt: Produkttyp und die GPSR-Attribute dieses Marktplatzes. Produkttyp aus der Kategoriezuordnung, Attribute gegen das JSON-Schema des Produkttyps geprüft; SKUs ohne Zuordnung bleiben mit einem Hinweis draußen. SELLER_ID ersetzen; ohne mode wird eingereicht.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0b02': {
    name: 'eBay-Regulierungsangaben (Inventory-API-Angebote)',
    description:
      'bulkCreateOffer-Aufrufe mit höchstens 25 Angeboten, ein Marktplatz je Angebot nach den Zielmärkten der SKU, je Angebot regulatory.manufacturer, responsiblePersons (EU, höchstens 5, mit eBays Feldlängen), productSafety mit eBays Kennungen für Sicherheitshinweise und Piktogramme, aus dem Dossier zugeordnet (Altersangabe, Batterietyp, CE-Kennzeichnung, Warnhinweise; höchstens 2 Piktogramme und 8 Hinweise), und Dokumente mit eBay-Dokumenttypen und -Sprachen (documentId wird beim Upload über die Media API vergeben).',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0b01': {
    name: 'eBay-Regulierungsangaben (Inventory-API-Angebote)',
    description:
      'Eine bulkCreateOffer-Anfrage je SKU mit regulatory.manufacturer, responsiblePersons (EU, höchstens 5, mit eBays Feldlängen), productSafety.statements (Warnhinweise in den Sprachen der Zielmärkte) und Dokumenten mit eBay-Dokumenttypen und -Sprachen (documentId wird beim Upload über die Media API vergeben).',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0c01': {
    name: 'Otto-Artikel (CSV)',
    description:
      'Eine Zeile je Artikel mit Hersteller und EU-Wirtschaftsakteur direkt in der Zeile (Otto führt keinen zentralen Herstellerdatensatz), Kennungen, den Sicherheitsinformationen in den Sprachen der Zielmärkte und den deutschen EPR-Registrierungsnummern (WEEE, Batterien, Verpackungen/LUCID). Semikolongetrennt, UTF-8 mit BOM.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0d01': {
    name: 'Kaufland-Produkte (CSV)',
    description:
      'Kaufland-Basisattribute (ean, title, description, manufacturer, picture, category) plus Herstellerkontakt, die verantwortliche Person in der EU bei Herstellern außerhalb der EU, CE-Kennzeichnung und Sicherheitsinformationen, eine Zeile je Produkt. UTF-8 mit BOM.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0e01': {
    name: 'Zalando-Artikel (XLSX + Sicherheits-PDFs)',
    description:
      'articles.xlsx (Artikel-ID, EAN, Modell-/Typcode, Marke, Absatzmärkte, die Sicherheits-PDFs je Sprache) und safety-pdfs/<Sprache>/ mit den PDFs der Warnhinweise und Anleitungen in den Sprachen der vereinbarten Absatzmärkte. Hersteller, Importeur und verantwortliche Person werden in zDirect auf Partnerebene gepflegt.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0c02': {
    name: 'Otto-Artikel (CSV)',
    description:
      'Eine Zeile je Artikel mit Ottos Kategorie aus der Otto-Kategorietabelle des Arbeitsbereichs (der genaue Name, den Otto führt), productReference, Marke, Hersteller und EU-Wirtschaftsakteur direkt in der Zeile und den deutschen Sicherheitsinformationen. Vorab geprüft: gültige EAN, Marke, zugeordnete Kategorie und Deutschland unter den Zielmärkten; SKUs einer nicht zugeordneten Kategorie bleiben mit einem Hinweis draußen. Semikolongetrennt, UTF-8 mit BOM.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0d02': {
    name: 'Kaufland-Produkte (CSV)',
    description:
      'Kauflands Pflichtattribute (ean, category, title, description, manufacturer, picture), die Kategorie aus der Kaufland-Kategorietabelle des Arbeitsbereichs (Kauflands Kategoriebaum, nie der interne Code), dazu Herstellerkontakt, verantwortliche Person in der EU bei Herstellern außerhalb der EU, CE-Kennzeichnung und Sicherheitsinformationen, eine Zeile je Produkt. Vorab geprüft: Pflichtattribute, gültige EAN und zugeordnete Kategorie; SKUs einer nicht zugeordneten Kategorie bleiben mit einem Hinweis draußen. Kommagetrennt, UTF-8 mit BOM.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0e02': {
    name: 'Zalando-Artikel (XLSX + Sicherheits-PDFs)',
    description:
      'articles.xlsx mit zwei Tabellenblättern: articles (Artikel-ID, EAN, Modell-/Typcode, Marke, die Zalando-Absatzmärkte unter den Zielmärkten, die Sicherheits-PDFs je Sprache) und brand_operators (Hersteller, Importeur und verantwortliche Person je Marke, einmal je Marke in zDirect unter Compliance details einzutragen); safety-pdfs/<Sprache>/ mit den PDFs in den Sprachen der Zalando-Absatzmärkte. Vorab geprüft: gültige EAN, Modell-/Typcode, Marke, ein Zalando-Markt, ein PDF je Sprache und ein Satz Wirtschaftsakteure je Marke (eine SKU mit anderen Akteuren als die erste SKU ihrer Marke ist ein Hinweis).',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f01': {
    name: 'GPSR-Katalog (XLSX)',
    description:
      'Jedes bestätigte Dossierfeld, die Wirtschaftsakteursrolle des Verkäufers für die SKU, die EPR-Registrierungsnummer je Register (WEEE, Batterien, Verpackungen) und Land, die vier Akteursrollen mit ihren Anschriften und jedes verknüpfte Dokument (Typ, Name, SHA-256, Gültigkeit), eine Zeile je SKU. Tabellenblätter: catalogue, documents.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02': {
    name: 'GPSR-Katalog (CSV)',
    description:
      'Jedes bestätigte Dossierfeld, die Wirtschaftsakteursrolle des Verkäufers für die SKU, die EPR-Registrierungsnummer je Register (WEEE, Batterien, Verpackungen) und Land, die vier Akteursrollen mit ihren Anschriften und jedes verknüpfte Dokument (Typ, Name, SHA-256, Gültigkeit), eine Zeile je SKU. UTF-8 mit BOM, kommagetrennt.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1001': {
    name: 'Technische Unterlagen (ZIP mit dossier.zip je SKU)',
    description:
      'Für eine Behörde oder einen Kunden: das dossier.zip jeder SKU (dossier.pdf mit Herkunftsangaben, Blockern und Ausnahmen sowie allen angehängten Dokumenten), eines je SKU, gestreamt.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1101': {
    name: 'Compliance-Übersicht (PDF)',
    description:
      'Ein Abschnitt je SKU: Identifikation, Hersteller und EU-Wirtschaftsakteur, Zielmärkte, vorhandene und fehlende Sprachen der Sicherheitsinformationen, Dokumente und die offenen GPSR-Punkte.',
  },
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1201': {
    name: 'GPSR-Produktsicherheit (XML)',
    description:
      'Produkte mit Identifikation, Wirtschaftsakteuren, Sicherheitsinformationen je Sprache, weiteren Dossierfeldern und Dokumenten im Namensraum urn:compliance-workspace:gpsr:product-safety:1.0; gültig gegen das veröffentlichte XSD /schemas/gpsr-product-safety-1.0.xsd.',
  },
};
