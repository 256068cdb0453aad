// Die Rechtstexte auf Deutsch, Abschnitt für Abschnitt wie die englische Vorlage.
import type { LegalTexts } from './fields.ts';

export const de: LegalTexts = {
  fields: {
    company_name: 'Name des Unternehmens',
    registered_address: 'Geschäftsanschrift',
    company_number: 'Handelsregisternummer',
    support_email: 'Support-E-Mail',
    governing_law: 'anwendbares Recht',
    effective_date: 'Datum des Inkrafttretens',
  },
  about: {
    title: 'Über uns',
    body: `## Wer wir sind

Diese Plattform wird von {{company_name}} betrieben, eingetragen unter der Nummer {{company_number}}, mit Sitz in {{registered_address}}. Auf diesen Seiten bezeichnet „wir“ {{company_name}} und „Sie“ die Person, die ein Konto führt.

## Was wir anbieten

- **Grid-Trading-Roboter** auf BTC, ETH, BNB, SOL und TRX gegen USDT. Ein Roboter platziert Kauf- und Verkaufsorders auf festen Preisstufen und verdient oder verliert mit den Trades, die er tatsächlich ausführt.
- **Copy-Trading**: Sie können einen Roboter, den ein anderer Anleger veröffentlicht hat, mit Ihrem eigenen Kapital kopieren und zahlen dessen Besitzer die vor dem Kopieren angezeigte Gewinnbeteiligung.
- **Mining-Miete**: Sie mieten Rechenleistung für eine feste Zahl von Tagen und erhalten, was die öffentliche Mining-Formel bei der jeweiligen Netzwerk-Difficulty und dem BTC-Kurs des Tages ergibt, abzüglich Strom.
- **Eine USDT-Wallet** in den Netzwerken ERC20, BEP20 und TRC20 für Einzahlungen und Auszahlungen.

## Wie wir Ergebnisse ausweisen

Jede Zahl, die Sie sehen, entsteht durch einen realen Mechanismus: die Trades einer Strategie zu Marktpreisen, die öffentliche Hashrate-Formel oder tatsächlich erhobene Gebühren. Jedes Guthaben ist die Summe der Buchungen in den Kontobewegungen. Ein Verlust wird als Verlust gezeigt. Erwartete Werte, Backtests und Prognosen sind Schätzungen und als solche gekennzeichnet.

## Reservennachweis

Jeden Tag veröffentlichen wir einen Reservennachweis: eine kryptografische Zusammenfassung dessen, was wir allen Anlegern schulden, mit der Sie prüfen können, ob Ihr eigenes Guthaben enthalten ist, verglichen mit den USDT in unserer Verwahrung.

## Kontakt

Schreiben Sie an {{support_email}} oder nutzen Sie „Kontakt“ in der App. Briefe richten Sie an {{company_name}}, {{registered_address}}.
`,
  },
  disclaimer: {
    title: 'Haftungsausschluss',
    body: `*Gültig ab: {{effective_date}}*

## Keine Anlageberatung

Nichts auf dieser Plattform ist eine Anlage-, Finanz-, Rechts- oder Steuerberatung oder ein Angebot zum Kauf oder Verkauf eines Vermögenswerts. Entscheiden Sie selbst und holen Sie unabhängigen Rat ein, wenn Sie unsicher sind.

## Risiken der Trading-Roboter

Die Preise digitaler Vermögenswerte schwanken stark. Ein Grid-Roboter verdient, wenn sich der Preis innerhalb seiner Spanne hin und her bewegt; in einem starken Trend hält er Vermögenswerte, die an Wert verlieren, oder verpasst Gewinne, und Sie können einen Teil oder das gesamte eingesetzte Kapital verlieren. Stop-Loss und Take-Profit schließen zum Marktpreis, der schlechter sein kann als die gesetzte Stufe. Backtests und erwartete Renditen beruhen auf vergangenen Daten und sind keine Versprechen. Auf jede Ausführung fallen Handelsgebühren an, und bei der Abrechnung wird eine Erfolgsgebühr vom realisierten Gewinn einbehalten. Ein kopierter Roboter kann wie jeder andere Geld verlieren, und die Gewinnbeteiligung an seinen Besitzer wird von Ihrem realisierten Gewinn abgezogen.

## Risiken der Mining-Miete

Mining-Erträge folgen der öffentlichen Formel bei der Difficulty, der Blockbelohnung und dem BTC-Kurs des jeweiligen Tages. Die Difficulty steigt meist und der BTC-Kurs kann fallen, sodass eine Miete weniger einbringen kann, als sie gekostet hat; eine Laufzeit unter der Break-even-Dauer verliert wahrscheinlich Geld. Eine Miete läuft über die feste, im Voraus bezahlte Laufzeit und kann nicht vorzeitig gekündigt oder erstattet werden.

## Stablecoin- und Netzwerkrisiken

Guthaben werden in USDT geführt, einem Stablecoin eines Dritten, der seine Bindung verlieren oder von seinem Emittenten eingefroren werden kann. Blockchain-Netzwerke können überlastet, gespalten oder angehalten werden, und eine Überweisung an eine falsche Adresse oder im falschen Netzwerk lässt sich nicht rückgängig machen.

## Frühere Ergebnisse

Frühere Ergebnisse, Bilanzen, Rankings und Bestenlisten garantieren keine künftigen Ergebnisse. Demo-Anleger und Demo-Roboter sind als solche gekennzeichnet und keine echten Konten.

## Verfügbarkeit

Wir können Einzahlungen, Auszahlungen, Roboter oder Mieten aus Wartungs-, Sicherheits- oder Rechtsgründen aussetzen. Wir bemühen uns um einen stabilen Betrieb, versprechen aber nicht, dass der Dienst immer verfügbar oder fehlerfrei ist.

## Ihre Verantwortung

Sie entscheiden selbst, ob diese Produkte zu Ihnen passen, sind für Ihre Steuern verantwortlich und nutzen die Plattform nur, wo das Gesetz es erlaubt.
`,
  },
  privacy: {
    title: 'Datenschutzerklärung',
    body: `*Gültig ab: {{effective_date}}*

## Verantwortlicher

{{company_name}} ({{registered_address}}, Registernummer {{company_number}}) ist für die hier beschriebenen personenbezogenen Daten verantwortlich. Fragen und Anträge richten Sie an {{support_email}}.

## Welche Daten wir erheben

- **Konto**: E-Mail-Adresse oder Telefonnummer, Login-Name, Spitzname, Avatar, Empfehlungscode und Werber, Passwort und Fondspasswort (nur als Einweg-Hashes gespeichert) sowie Ihre Zwei-Faktor-Einstellungen.
- **Anmeldungen und Sicherheit**: Zeit, IP-Adresse und Gerät von Anmeldungen und Sicherheitsänderungen, Fehlversuche und Sperren.
- **Geld**: Ein- und Auszahlungsadressen, Transaktionen auf der Blockchain und jede Buchung Ihrer Guthaben, Roboter, Mieten, Gebühren und Provisionen.
- **Support**: die Nachrichten, die Sie uns senden.

## Wozu wir sie nutzen

Um Ihr Konto zu eröffnen und zu schützen, Ihre Roboter und Mieten zu betreiben, Einzahlungen gutzuschreiben und Auszahlungen zu senden, Team-Provisionen zu zahlen, Betrug und Geldwäsche zu verhindern, Ihnen zu antworten und unsere gesetzlichen Pflichten zu erfüllen. Wir verkaufen Ihre Daten nicht und nutzen sie nicht für Werbung.

## Wer sie erhält

Blockchain-Netzwerke (Adressen und Transaktionen auf der Blockchain sind ihrer Natur nach öffentlich), die Dienstleister, die unsere Server betreiben oder unsere E-Mails und SMS versenden, und Behörden, wo das Gesetz es verlangt. Jeder Dienstleister erhält nur, was seine Aufgabe erfordert. Ihr Werber sieht Ihr maskiertes Konto und Ihre Teamzahlen, nie Ihre vollständige Identität.

## Reservennachweis

Der veröffentlichte Reservennachweis enthält keine Namen, E-Mail-Adressen oder genauen Guthaben: Jedes Guthaben wird in mehrere verborgene Teile aufgeteilt, sodass niemand Ihren Bestand daraus ablesen kann.

## Wie lange wir sie aufbewahren

- Ihre Kontodaten: solange Ihr Konto besteht und danach so lange, wie das Gesetz es verlangt.
- Anmelde- und Sicherheitsprotokolle: so lange, wie es zum Schutz der Konten und zur Aufklärung von Vorfällen nötig ist.
- Buchungen, Einzahlungen, Auszahlungen und Gebühren: für die Dauer, die das Recht über Finanz- und Buchhaltungsunterlagen vorschreibt, auch nach Schließung Ihres Kontos. Eine Buchung wird nie geändert oder gelöscht; eine Korrektur ist eine neue Buchung.

## Ihre Rechte

Sie können Auskunft über die Daten verlangen, die wir über Sie speichern, die Berichtigung falscher Daten, die Löschung, soweit das Gesetz es erlaubt, eine Kopie Ihrer Daten sowie einer Nutzung widersprechen oder sie einschränken lassen. Unterlagen, die wir gesetzlich aufbewahren müssen, können vor Ablauf ihrer Frist nicht gelöscht werden. Schreiben Sie an {{support_email}}; wir antworten innerhalb der gesetzlichen Frist. Sie können sich auch bei der Datenschutzbehörde Ihres Wohnorts beschweren.

## Sicherheit

Passwörter werden als Einweg-Hashes gespeichert, Verbindungen sind verschlüsselt, Auszahlungen über festgelegten Beträgen prüft unser Personal, und Handlungen des Personals in der Konsole werden in einem Prüfprotokoll festgehalten.

## Änderungen

Jede Änderung dieser Erklärung veröffentlichen wir hier mit einem neuen Datum des Inkrafttretens und informieren Sie in der App über wesentliche Änderungen.
`,
  },
  terms: {
    title: 'Nutzungsbedingungen',
    body: `*Gültig ab: {{effective_date}}*

## Vereinbarung

Diese Bedingungen sind eine Vereinbarung zwischen Ihnen und {{company_name}}, Registernummer {{company_number}}, {{registered_address}}. Mit der Eröffnung eines Kontos oder der Nutzung der Plattform akzeptieren Sie sie zusammen mit dem Haftungsausschluss und der Datenschutzerklärung.

## Teilnahmeberechtigung

Sie müssen volljährig und voll geschäftsfähig sein und dürfen die Plattform nicht nutzen, wo das Recht Ihres Landes es verbietet oder wo wir sie nicht anbieten. Sie eröffnen nur ein Konto, nur für sich selbst und mit wahren Angaben.

## Ihr Konto und seine Sicherheit

Halten Sie Ihr Passwort, Ihr Fondspasswort und Ihr Zwei-Faktor-Gerät geheim und verwenden Sie ein Fondspasswort, das Sie nirgendwo sonst nutzen. Alles, was mit Ihren Zugangsdaten geschieht, gilt als von Ihnen getan. Melden Sie sich sofort unter {{support_email}}, wenn Sie Ihr Konto gefährdet glauben. Fünf falsche Fondspasswörter sperren Auszahlungen für 24 Stunden.

## Einzahlungen und Verwahrung

Wir verwahren die USDT der Anleger in den Netzwerken ERC20, BEP20 und TRC20 in Wallets, die wir kontrollieren, und erfassen den Anteil jedes Anlegers in unserem Hauptbuch. Senden Sie nur USDT im Netzwerk Ihrer Einzahlungsadresse; eine Einzahlung wird nach den in der App angezeigten Bestätigungen gutgeschrieben, eine Einzahlung unter dem Mindestbetrag wird angezeigt, aber nicht gutgeschrieben. Ihr Guthaben ist ein Anspruch gegen uns auf diesen Betrag in USDT.

## Auszahlungen

Eine Auszahlung geht an die Adresse, die Sie für das jeweilige Netzwerk gespeichert haben, abzüglich der vor der Bestätigung angezeigten Auszahlungsgebühr und im Rahmen des Tageslimits. Der Betrag wird bei Ihrer Anfrage eingefroren. Auszahlungen über einem festgelegten Betrag prüft unser Personal, größere brauchen zwei Freigaben. Wir können eine Auszahlung zurückhalten oder ablehnen, während wir sie auf Betrug, Geldwäsche oder eine behördliche Anordnung prüfen; bei einer Ablehnung gehen Betrag und Gebühr auf Ihr Guthaben zurück.

## Roboter und Copy-Trading

Ein Roboter handelt mit dem Kapital, das Sie ihm geben, nach den von Ihnen gewählten Einstellungen. Auf jede Ausführung fallen Handelsgebühren an. Bei der Abrechnung wird der realisierte Gewinn abzüglich der in der App angezeigten Erfolgsgebühr Ihrem Guthaben gutgeschrieben; wenn Sie einen Roboter stoppen, werden seine Positionen zum Marktpreis geschlossen und das Kapital zuzüglich oder abzüglich seines Ergebnisses zurückgegeben. Wenn Sie einen Roboter kopieren, zahlen Sie seinem Besitzer zusätzlich die angezeigte Gewinnbeteiligung auf Ihren realisierten Gewinn über Ihrem bisherigen Höchststand. Wir können einen Roboter deaktivieren oder einen Markt aus Sicherheitsgründen schließen.

## Mining-Miete

Eine Miete wird im Voraus für eine feste Zahl von Tagen bezahlt und bringt jeden Tag ein, was die veröffentlichte Formel ergibt, abzüglich Strom, nie weniger als null. Sie endet mit ihrer Laufzeit, sofern Sie sie nicht verlängern.

## Gebühren

Die geltenden Gebühren werden in der App angezeigt, bevor Sie handeln, und jede gezahlte Gebühr erscheint in den Kontobewegungen. Wir können Gebühren für die Zukunft ändern und kündigen dies an; eine Änderung gilt nie für eine bereits erhobene Gebühr.

## Verbotene Nutzung

Sie dürfen die Plattform nicht für Geldwäsche, Terrorismusfinanzierung, Betrug oder die Umgehung von Sanktionen nutzen, nicht mit Geldern, die nicht Ihnen gehören, nicht über nicht erlaubte automatisierte Zugriffe, nicht um unsere Systeme anzugreifen oder auszuforschen und nicht um Rankings, Empfehlungen oder Provisionen zu manipulieren.

## Sperrung und Schließung

Wir können ein Konto einfrieren, beschränken oder schließen, das gegen diese Bedingungen verstößt, wenn das Gesetz es verlangt oder um Sie oder andere Anleger zu schützen, und nennen Ihnen den Grund, sofern das Gesetz es nicht verbietet. Sie können Ihr Konto jederzeit schließen, nachdem Sie Ihr Guthaben ausgezahlt haben.

## Grenzen unserer Haftung

Wir haften für Schäden, die wir selbst verschulden, wie das Gesetz es vorsieht. Wir haften nicht für Marktverluste, für das Ergebnis eines Roboters oder einer Miete, für das Verhalten von Blockchain-Netzwerken oder Stablecoin-Emittenten oder für Ereignisse außerhalb unserer zumutbaren Kontrolle. Nichts in diesen Bedingungen beschränkt eine Haftung, die das Gesetz nicht beschränken lässt.

## Änderungen dieser Bedingungen

Wir können diese Bedingungen ändern. Wir veröffentlichen die neue Fassung hier mit ihrem Datum des Inkrafttretens und informieren Sie in der App, bevor eine wesentliche Änderung gilt. Wenn Sie nicht einverstanden sind, können Sie Ihr Konto schließen.

## Anwendbares Recht

Für diese Bedingungen gilt {{governing_law}}. Streitigkeiten gehen an die Gerichte, die dieses Recht bestimmt, unbeschadet Ihres Rechts als Verbraucher, die Gerichte Ihres Wohnorts anzurufen.

## Kontakt

{{company_name}}, {{registered_address}}. E-Mail: {{support_email}}.
`,
  },
};
