// Sample legal pages in every language the app speaks, seeded so a fresh installation has
// them. Each says plainly that it is sample text for the operator to replace: none of it
// is legal advice or a real agreement.
export interface LegalSample {
  sample: string;
  about: [string, string];
  disclaimer: [string, string];
  privacy: [string, string];
  terms: [string, string];
}

const en: LegalSample = {
  sample: 'Sample text: the operator of this platform replaces it with their own.',
  about: [
    'About Us',
    'Olive is a USDT platform for quantitative grid robots and mining rental. Every figure you see is earned by a real strategy or real hash power and can be traced to entries in Fund Details.',
  ],
  disclaimer: [
    'Disclaimer',
    'Digital assets are volatile and you can lose money. Expected figures are estimates from recent data, not promises. Past results do not guarantee future returns.',
  ],
  privacy: [
    'Privacy Policy',
    'We keep your account, your balances and your security settings to run the service. We do not sell your data. You may ask us to see or delete the data we hold about you.',
  ],
  terms: [
    'Terms of Service',
    'By registering you agree to use the platform lawfully, to keep your passwords secret and to accept that robot and mining results depend on markets and networks.',
  ],
};

export const legalSamples: Record<string, LegalSample> = {
  en,
  en_au: en,
  en_in: en,
  it: {
    sample: 'Testo di esempio: il gestore di questa piattaforma lo sostituisce con il proprio.',
    about: [
      'Chi siamo',
      'Olive è una piattaforma USDT per robot di trading a griglia e noleggio di mining. Ogni cifra che vedi è guadagnata da una strategia reale o da potenza di calcolo reale ed è riconducibile alle voci dei Dettagli fondi.',
    ],
    disclaimer: [
      'Esclusione di responsabilità',
      'Le criptovalute sono volatili e puoi perdere denaro. Le cifre attese sono stime basate su dati recenti, non promesse. I risultati passati non garantiscono rendimenti futuri.',
    ],
    privacy: [
      'Informativa sulla privacy',
      'Conserviamo il tuo account, i tuoi saldi e le impostazioni di sicurezza per fornire il servizio. Non vendiamo i tuoi dati. Puoi chiederci di vedere o cancellare i dati che abbiamo su di te.',
    ],
    terms: [
      'Termini di servizio',
      'Registrandoti accetti di usare la piattaforma nel rispetto della legge, di mantenere segrete le password e che i risultati di robot e mining dipendono dai mercati e dalle reti.',
    ],
  },
  ru: {
    sample: 'Образец текста: оператор платформы заменит его своим.',
    about: [
      'О нас',
      'Olive — платформа USDT для сеточных торговых роботов и аренды майнинга. Каждая цифра заработана реальной стратегией или реальной вычислительной мощностью и прослеживается по записям в разделе «Движение средств».',
    ],
    disclaimer: [
      'Отказ от ответственности',
      'Цифровые активы волатильны, и вы можете потерять деньги. Ожидаемые показатели — оценки по недавним данным, а не обещания. Прошлые результаты не гарантируют будущей доходности.',
    ],
    privacy: [
      'Политика конфиденциальности',
      'Мы храним ваш аккаунт, балансы и настройки безопасности, чтобы предоставлять сервис. Мы не продаём ваши данные. Вы можете запросить просмотр или удаление данных о вас.',
    ],
    terms: [
      'Условия использования',
      'Регистрируясь, вы соглашаетесь использовать платформу законно, хранить пароли в тайне и принимаете, что результаты роботов и майнинга зависят от рынков и сетей.',
    ],
  },
  es: {
    sample: 'Texto de ejemplo: el operador de esta plataforma lo sustituye por el suyo.',
    about: [
      'Sobre nosotros',
      'Olive es una plataforma de USDT para robots de trading en cuadrícula y alquiler de minería. Cada cifra que ves la gana una estrategia real o potencia de cálculo real y se puede rastrear en los movimientos de Detalles de fondos.',
    ],
    disclaimer: [
      'Aviso legal',
      'Los activos digitales son volátiles y puedes perder dinero. Las cifras esperadas son estimaciones basadas en datos recientes, no promesas. Los resultados pasados no garantizan rendimientos futuros.',
    ],
    privacy: [
      'Política de privacidad',
      'Guardamos tu cuenta, tus saldos y tu configuración de seguridad para prestar el servicio. No vendemos tus datos. Puedes pedirnos ver o borrar los datos que tenemos sobre ti.',
    ],
    terms: [
      'Términos del servicio',
      'Al registrarte aceptas usar la plataforma legalmente, mantener en secreto tus contraseñas y que los resultados de los robots y la minería dependen de los mercados y las redes.',
    ],
  },
  ar: {
    sample: 'نص تجريبي: يستبدله مشغّل هذه المنصة بنصه الخاص.',
    about: [
      'من نحن',
      'أوليف منصة USDT لروبوتات التداول الشبكي وتأجير التعدين. كل رقم تراه تحققه استراتيجية حقيقية أو قوة تعدين حقيقية، ويمكن تتبعه في قيود تفاصيل الأموال.',
    ],
    disclaimer: [
      'إخلاء المسؤولية',
      'الأصول الرقمية متقلبة وقد تخسر أموالك. الأرقام المتوقعة تقديرات من بيانات حديثة وليست وعودًا. النتائج السابقة لا تضمن العوائد المستقبلية.',
    ],
    privacy: [
      'سياسة الخصوصية',
      'نحتفظ بحسابك وأرصدتك وإعدادات الأمان لتقديم الخدمة. لا نبيع بياناتك. يمكنك أن تطلب الاطلاع على بياناتك لدينا أو حذفها.',
    ],
    terms: [
      'شروط الخدمة',
      'بالتسجيل توافق على استخدام المنصة بشكل قانوني، وعلى الحفاظ على سرية كلمات المرور، وعلى أن نتائج الروبوتات والتعدين تعتمد على الأسواق والشبكات.',
    ],
  },
  kr: {
    sample: '샘플 텍스트: 플랫폼 운영자가 자신의 문서로 교체합니다.',
    about: [
      '회사 소개',
      'Olive는 그리드 퀀트 로봇과 채굴 임대를 위한 USDT 플랫폼입니다. 보이는 모든 수치는 실제 전략이나 실제 해시파워로 얻은 것이며 자금 내역의 기록으로 추적할 수 있습니다.',
    ],
    disclaimer: [
      '면책 조항',
      '디지털 자산은 변동성이 크며 손실이 발생할 수 있습니다. 예상 수치는 최근 데이터에 기반한 추정치이며 약속이 아닙니다. 과거 실적이 미래 수익을 보장하지 않습니다.',
    ],
    privacy: [
      '개인정보 처리방침',
      '서비스 제공을 위해 계정, 잔액, 보안 설정을 보관합니다. 귀하의 데이터를 판매하지 않습니다. 보유 중인 데이터의 열람이나 삭제를 요청할 수 있습니다.',
    ],
    terms: [
      '이용 약관',
      '가입하면 플랫폼을 합법적으로 사용하고 비밀번호를 안전하게 관리하며, 로봇과 채굴 결과가 시장과 네트워크에 따라 달라진다는 점에 동의하게 됩니다.',
    ],
  },
  ja: {
    sample: 'サンプル文章：このプラットフォームの運営者が自社の文章に差し替えます。',
    about: [
      '会社概要',
      'Olive はグリッド型クオンツロボットとマイニングレンタルのための USDT プラットフォームです。表示される数字はすべて実際の戦略や実際のハッシュパワーで得られたもので、資金明細の記録から追跡できます。',
    ],
    disclaimer: [
      '免責事項',
      'デジタル資産は値動きが大きく、損失が生じる可能性があります。予想値は最近のデータに基づく推定であり、約束ではありません。過去の実績は将来の収益を保証しません。',
    ],
    privacy: [
      'プライバシーポリシー',
      'サービス提供のため、アカウント、残高、セキュリティ設定を保管します。お客様のデータを販売することはありません。保有データの開示や削除を請求できます。',
    ],
    terms: [
      '利用規約',
      '登録することで、法令に従ってプラットフォームを利用し、パスワードを秘密に保ち、ロボットとマイニングの結果が市場とネットワークに左右されることに同意したものとみなされます。',
    ],
  },
  pt: {
    sample: 'Texto de exemplo: o operador desta plataforma substitui-o pelo seu.',
    about: [
      'Sobre nós',
      'A Olive é uma plataforma de USDT para robôs de negociação em grelha e aluguer de mineração. Cada número que vê é ganho por uma estratégia real ou por poder de computação real e pode ser rastreado nos Detalhes de fundos.',
    ],
    disclaimer: [
      'Aviso legal',
      'Os ativos digitais são voláteis e pode perder dinheiro. Os valores esperados são estimativas com base em dados recentes, não promessas. Resultados passados não garantem retornos futuros.',
    ],
    privacy: [
      'Política de privacidade',
      'Guardamos a sua conta, os seus saldos e as suas definições de segurança para prestar o serviço. Não vendemos os seus dados. Pode pedir-nos para ver ou apagar os dados que temos sobre si.',
    ],
    terms: [
      'Termos de serviço',
      'Ao registar-se, aceita usar a plataforma de forma legal, manter as suas palavras-passe em segredo e que os resultados dos robôs e da mineração dependem dos mercados e das redes.',
    ],
  },
  pt_br: {
    sample: 'Texto de exemplo: o operador desta plataforma o substitui pelo seu.',
    about: [
      'Sobre nós',
      'A Olive é uma plataforma de USDT para robôs de negociação em grade e aluguel de mineração. Cada número que você vê é ganho por uma estratégia real ou por poder computacional real e pode ser rastreado nos Detalhes de fundos.',
    ],
    disclaimer: [
      'Aviso legal',
      'Ativos digitais são voláteis e você pode perder dinheiro. Os valores esperados são estimativas com base em dados recentes, não promessas. Resultados passados não garantem retornos futuros.',
    ],
    privacy: [
      'Política de privacidade',
      'Guardamos sua conta, seus saldos e suas configurações de segurança para prestar o serviço. Não vendemos seus dados. Você pode pedir para ver ou excluir os dados que temos sobre você.',
    ],
    terms: [
      'Termos de serviço',
      'Ao se cadastrar, você concorda em usar a plataforma de forma legal, manter suas senhas em segredo e que os resultados dos robôs e da mineração dependem dos mercados e das redes.',
    ],
  },
  tw: {
    sample: '範例文字：本平台營運方會以自己的文字替換。',
    about: [
      '關於我們',
      'Olive 是提供網格量化機器人與礦機租賃的 USDT 平台。您看到的每個數字都來自真實策略或真實算力，並可在資金明細的記錄中追溯。',
    ],
    disclaimer: [
      '免責聲明',
      '數位資產波動劇烈，您可能虧損。預期數字是根據近期資料的估算，並非承諾。過往表現不保證未來收益。',
    ],
    privacy: [
      '隱私政策',
      '為提供服務，我們保存您的帳戶、餘額與安全設定。我們不會出售您的資料。您可以要求查看或刪除我們持有的您的資料。',
    ],
    terms: [
      '服務條款',
      '註冊即表示您同意合法使用本平台、妥善保管密碼，並理解機器人與挖礦的結果取決於市場與網路。',
    ],
  },
  fr: {
    sample: "Texte d'exemple : l'opérateur de cette plateforme le remplace par le sien.",
    about: [
      'À propos',
      'Olive est une plateforme USDT de robots de trading en grille et de location de minage. Chaque chiffre affiché est gagné par une stratégie réelle ou une puissance de calcul réelle, et se retrouve dans les écritures du Détail des fonds.',
    ],
    disclaimer: [
      'Avertissement',
      "Les actifs numériques sont volatils et vous pouvez perdre de l'argent. Les chiffres attendus sont des estimations fondées sur des données récentes, pas des promesses. Les résultats passés ne garantissent pas les rendements futurs.",
    ],
    privacy: [
      'Politique de confidentialité',
      'Nous conservons votre compte, vos soldes et vos réglages de sécurité pour fournir le service. Nous ne vendons pas vos données. Vous pouvez demander à consulter ou à supprimer les données que nous détenons sur vous.',
    ],
    terms: [
      "Conditions d'utilisation",
      "En vous inscrivant, vous acceptez d'utiliser la plateforme légalement, de garder vos mots de passe secrets et que les résultats des robots et du minage dépendent des marchés et des réseaux.",
    ],
  },
  de: {
    sample: 'Beispieltext: Der Betreiber dieser Plattform ersetzt ihn durch seinen eigenen.',
    about: [
      'Über uns',
      'Olive ist eine USDT-Plattform für Grid-Trading-Roboter und Mining-Miete. Jede Zahl, die Sie sehen, wird von einer echten Strategie oder echter Rechenleistung verdient und lässt sich in den Buchungen unter Kontobewegungen nachvollziehen.',
    ],
    disclaimer: [
      'Haftungsausschluss',
      'Digitale Vermögenswerte schwanken stark, und Sie können Geld verlieren. Erwartete Werte sind Schätzungen aus aktuellen Daten, keine Versprechen. Frühere Ergebnisse garantieren keine künftigen Erträge.',
    ],
    privacy: [
      'Datenschutzerklärung',
      'Wir speichern Ihr Konto, Ihre Guthaben und Ihre Sicherheitseinstellungen, um den Dienst zu erbringen. Wir verkaufen Ihre Daten nicht. Sie können Auskunft über Ihre Daten oder deren Löschung verlangen.',
    ],
    terms: [
      'Nutzungsbedingungen',
      'Mit der Registrierung stimmen Sie zu, die Plattform rechtmäßig zu nutzen, Ihre Passwörter geheim zu halten und dass die Ergebnisse von Robotern und Mining von Märkten und Netzwerken abhängen.',
    ],
  },
  sl: {
    sample: 'Vzorčno besedilo: upravljavec te platforme ga nadomesti s svojim.',
    about: [
      'O nas',
      'Olive je platforma USDT za mrežne trgovalne robote in najem rudarjenja. Vsaka številka, ki jo vidite, je zaslužena z resnično strategijo ali resnično računsko močjo in jo je mogoče izslediti v vnosih Podrobnosti sredstev.',
    ],
    disclaimer: [
      'Izjava o omejitvi odgovornosti',
      'Digitalna sredstva so nestanovitna in lahko izgubite denar. Pričakovane številke so ocene na podlagi nedavnih podatkov, ne obljube. Pretekli rezultati ne zagotavljajo prihodnjih donosov.',
    ],
    privacy: [
      'Pravilnik o zasebnosti',
      'Za delovanje storitve hranimo vaš račun, stanja in varnostne nastavitve. Vaših podatkov ne prodajamo. Zahtevate lahko vpogled v podatke, ki jih hranimo o vas, ali njihov izbris.',
    ],
    terms: [
      'Pogoji uporabe',
      'Z registracijo se strinjate, da boste platformo uporabljali zakonito, gesla hranili v tajnosti in da so rezultati robotov in rudarjenja odvisni od trgov in omrežij.',
    ],
  },
  ms: {
    sample: 'Teks contoh: pengendali platform ini akan menggantikannya dengan teks mereka sendiri.',
    about: [
      'Tentang Kami',
      'Olive ialah platform USDT untuk robot dagangan grid dan sewaan perlombongan. Setiap angka yang anda lihat diperoleh oleh strategi sebenar atau kuasa hash sebenar dan boleh dijejak dalam catatan Butiran Dana.',
    ],
    disclaimer: [
      'Penafian',
      'Aset digital tidak menentu dan anda boleh kehilangan wang. Angka jangkaan ialah anggaran daripada data terkini, bukan janji. Keputusan lalu tidak menjamin pulangan masa depan.',
    ],
    privacy: [
      'Dasar Privasi',
      'Kami menyimpan akaun, baki dan tetapan keselamatan anda untuk menjalankan perkhidmatan. Kami tidak menjual data anda. Anda boleh meminta untuk melihat atau memadam data yang kami simpan tentang anda.',
    ],
    terms: [
      'Terma Perkhidmatan',
      'Dengan mendaftar, anda bersetuju menggunakan platform secara sah, merahsiakan kata laluan anda dan menerima bahawa hasil robot dan perlombongan bergantung pada pasaran dan rangkaian.',
    ],
  },
};
