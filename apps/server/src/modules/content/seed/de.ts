// The demo content in German; screen names as in locales/de.json.
import type { DemoTexts } from './types.ts';

export const de: DemoTexts = {
  'notice-welcome': {
    title: 'Willkommen bei Olive: Jede Zahl ist verdient',
    body: 'Die Erträge der Roboter sind Gewinn und Verlust einer echten Grid-Strategie, und jeder Saldo ist die Summe von Buchungen, die Sie unter **Kontobewegungen** öffnen können.\n\nDiese Installation läuft mit **Demo-Marktdaten**: Die Kurse kommen aus einem Simulator, bis der Betreiber eine Börse anbindet.',
  },
  'notice-maintenance': {
    title: 'Geplante Wartung am Sonntag von 02:00 bis 02:30 UTC',
    body: 'Einzahlungen kommen auch während der Wartung an und werden gutgeschrieben, sobald sie beendet ist. In diesem Zeitraum beantragte Auszahlungen werden danach gesendet.',
  },
  'notice-trc20': {
    title: 'TRC20-Einzahlungen werden nach 19 Bestätigungen gutgeschrieben',
    body: 'Zum Schutz vor Reorganisationen der Blockchain werden TRC20-Einzahlungen nach 19 Bestätigungen (etwa einer Minute) gutgeschrieben.',
  },
  'news-grid': {
    title: 'Wie sich Grid-Roboter in einem Seitwärtsmarkt verhalten',
    body: 'Ein Grid-Roboter legt Kauf- und Verkaufsorders auf festen Preisstufen ab. Schwankt der Kurs innerhalb seiner Spanne, bringt jedes abgeschlossene Paar aus Kauf und anschließendem Verkauf eine Grid-Stufe abzüglich Gebühren ein.\n\n- In einem **Seitwärtsmarkt** handelt er oft.\n- In einem **Trend** hält er Bestand und zeigt einen unrealisierten Verlust oder Gewinn.\n\nIn den Roboterdetails sehen Sie beides getrennt.',
  },
  'news-mining': {
    title: 'Warum wir die Eingangswerte jeder Mining-Auszahlung veröffentlichen',
    body: 'Jede tägliche Auszahlung speichert die verwendete Netzwerk-Difficulty, Blockbelohnung, den BTC-Kurs und die Hashrate, sodass jeder sie mit der öffentlichen Formel nachrechnen kann.',
  },
  'news-fund-password': {
    title: 'Sicherheitstipp: Ihr Fondspasswort ist nicht Ihr Anmeldepasswort',
    body: 'Mitarbeitende von Olive fragen nie nach einem der beiden. Wählen Sie ein Fondspasswort, das Sie nirgendwo sonst verwenden; nach fünf Fehlversuchen sind Auszahlungen 24 Stunden lang gesperrt.',
  },
  'help-top-up': {
    title: 'Wie zahle ich USDT ein?',
    body: 'Öffnen Sie **Einzahlung**, wählen Sie das Netzwerk (ERC20, BEP20 oder TRC20) und senden Sie USDT an die angezeigte Adresse. Senden Sie nur USDT über dieses Netzwerk. Die Einzahlung wird gutgeschrieben, sobald sie die auf dem Bildschirm genannten Bestätigungen hat.',
  },
  'help-withdraw': {
    title: 'Wie funktionieren Auszahlungen?',
    body: 'Hinterlegen Sie unter **Auszahlungs-Wallet** einmal pro Netzwerk eine Auszahlungsadresse und geben Sie dann den Betrag und Ihr Fondspasswort ein. Die Gebühr wird vom Betrag abgezogen. Große Auszahlungen warten auf die Prüfung durch einen Betreiber.',
  },
  'help-robots': {
    title: 'Woher kommen die Erträge der Roboter?',
    body: 'Aus den Trades einer Grid-Strategie zum Marktpreis: Ein Verlust wird als Verlust angezeigt. Die erwartete Tagesrendite ist der Median eines Backtests, eine Schätzung und kein Versprechen.',
  },
  'help-fees': {
    title: 'Welche Gebühren fallen an?',
    body: 'Eine Auszahlungsgebühr je Netzwerk, Handelsgebühren auf ausgeführte Roboter-Orders und eine Erfolgsgebühr auf den positiven Gewinn eines Roboters bei der Abrechnung. Jede Gebühr erscheint unter **Kontobewegungen**.',
  },
  'partner-tether': { detail: 'Stablecoin USDT' },
  'partner-ethereum': { detail: 'ERC20-Netz' },
  'partner-bnb': { detail: 'BEP20-Netz' },
  'partner-tron': { detail: 'TRC20-Netz' },
};
