// Halaman undang-undang dalam bahasa Melayu, bahagian demi bahagian seperti templat Inggeris.
import type { LegalTexts } from './fields.ts';

export const ms: LegalTexts = {
  fields: {
    company_name: 'nama syarikat',
    registered_address: 'alamat berdaftar',
    company_number: 'nombor pendaftaran syarikat',
    support_email: 'e-mel sokongan',
    governing_law: 'undang-undang yang mentadbir',
    effective_date: 'tarikh berkuat kuasa',
  },
  about: {
    title: 'Tentang Kami',
    body: `## Siapa kami

Platform ini dikendalikan oleh {{company_name}}, berdaftar dengan nombor {{company_number}}, beralamat berdaftar di {{registered_address}}. Dalam halaman ini, "kami" bermaksud {{company_name}} dan "anda" bermaksud orang yang memegang akaun.

## Apa yang kami tawarkan

- **Robot dagangan grid** bagi BTC, ETH, BNB, SOL dan TRX berbanding USDT. Robot meletakkan pesanan beli dan jual pada paras harga tetap dan memperoleh, atau kehilangan, wang daripada dagangan yang benar-benar dibuatnya.
- **Dagangan salin**: anda boleh menyalin robot yang telah diumumkan oleh pelabur lain, dengan modal anda sendiri, dan membayar pemiliknya bahagian keuntungan yang ditunjukkan sebelum menyalin.
- **Sewaan perlombongan**: anda menyewa kuasa hash untuk bilangan hari yang tetap dan memperoleh apa yang diberi oleh formula perlombongan awam pada kesukaran rangkaian dan harga BTC setiap hari, tolak elektrik.
- **Dompet USDT** pada rangkaian ERC20, BEP20 dan TRC20, untuk tambah nilai dan pengeluaran.

## Cara kami melaporkan hasil

Setiap angka yang anda lihat diperoleh melalui mekanisme sebenar: dagangan strategi pada harga pasaran, formula kuasa hash awam, atau yuran yang benar-benar dikutip. Setiap baki ialah jumlah catatan yang disenaraikan dalam Butiran Dana. Kerugian ditunjukkan sebagai kerugian. Angka jangkaan, ujian balik dan ramalan ialah anggaran dan dilabel sedemikian.

## Bukti rizab

Setiap hari kami menerbitkan bukti rizab: ringkasan kriptografi tentang apa yang kami hutang kepada semua pelabur, yang boleh anda gunakan untuk menyemak bahawa baki anda sendiri termasuk di dalamnya, dibandingkan dengan USDT dalam jagaan kami.

## Hubungi kami

Tulis kepada {{support_email}} atau gunakan Hubungi Kami dalam aplikasi. Surat boleh dihantar kepada {{company_name}}, {{registered_address}}.
`,
  },
  disclaimer: {
    title: 'Penafian',
    body: `*Tarikh berkuat kuasa: {{effective_date}}*

## Bukan nasihat pelaburan

Tiada apa-apa dalam platform ini merupakan nasihat pelaburan, kewangan, undang-undang atau cukai, atau tawaran untuk membeli atau menjual sebarang aset. Buat keputusan sendiri dan dapatkan nasihat bebas jika anda tidak pasti.

## Risiko robot dagangan

Harga aset digital tidak menentu. Robot grid memperoleh keuntungan apabila harga bergerak naik dan turun dalam julatnya; dalam trend yang kuat ia memegang aset yang jatuh nilai, atau terlepas keuntungan, dan anda boleh kehilangan sebahagian atau semua modal yang anda berikan kepadanya. Keluar henti rugi dan ambil untung ditutup pada harga pasaran, yang mungkin lebih buruk daripada paras yang anda tetapkan. Ujian balik dan hasil jangkaan dikira daripada data lampau dan bukan janji. Yuran dagangan dikenakan pada setiap pelaksanaan, dan yuran prestasi diambil daripada keuntungan terealisasi apabila anda menyelesaikan. Robot yang anda salin boleh rugi seperti robot lain, dan bahagian keuntungan yang anda bayar kepada pemiliknya diambil daripada keuntungan terealisasi anda.

## Risiko sewaan perlombongan

Pendapatan perlombongan mengikut formula awam pada kesukaran rangkaian, ganjaran blok dan harga BTC setiap hari. Kesukaran biasanya meningkat dan harga BTC boleh jatuh, jadi sewaan boleh memperoleh kurang daripada kosnya, dan tempoh yang lebih pendek daripada tempoh pulang modal berkemungkinan rugi. Sewaan berjalan untuk tempoh tetap yang anda bayar terlebih dahulu; ia tidak boleh dibatalkan atau dipulangkan di pertengahan jalan.

## Risiko stablecoin dan rangkaian

Baki disimpan dalam USDT, stablecoin yang dikeluarkan oleh pihak ketiga, yang boleh hilang tambatannya atau dibekukan oleh pengeluarnya. Rangkaian blockchain boleh sesak, bercabang atau terhenti, dan pemindahan ke alamat yang salah atau pada rangkaian yang salah tidak boleh dibatalkan.

## Hasil lampau

Hasil lampau, rekod prestasi, kedudukan dan papan pendahulu tidak menjamin hasil masa depan. Pelabur demo dan robot demo ditanda sedemikian dan bukan akaun sebenar.

## Ketersediaan

Kami boleh menghentikan sementara tambah nilai, pengeluaran, robot atau sewaan untuk penyelenggaraan, keselamatan atau sebab undang-undang. Kami berusaha sebaik mungkin memastikan perkhidmatan berjalan tetapi tidak berjanji ia sentiasa tersedia atau bebas ralat.

## Tanggungjawab anda

Anda bertanggungjawab memutuskan sama ada produk ini sesuai untuk anda, atas cukai yang terpakai kepada anda, dan menggunakan platform hanya di tempat yang dibenarkan oleh undang-undang.
`,
  },
  privacy: {
    title: 'Dasar Privasi',
    body: `*Tarikh berkuat kuasa: {{effective_date}}*

## Siapa yang bertanggungjawab

{{company_name}} ({{registered_address}}, nombor pendaftaran {{company_number}}) bertanggungjawab atas data peribadi yang diterangkan di sini. Soalan dan permintaan dihantar kepada {{support_email}}.

## Apa yang kami kumpul

- **Akaun**: alamat e-mel atau nombor telefon, nama log masuk, nama panggilan, avatar, kod rujukan dan perujuk, kata laluan dan kata laluan dana (disimpan hanya sebagai hash sehala), dan tetapan dua faktor anda.
- **Log masuk dan keselamatan**: masa, alamat IP dan peranti bagi log masuk dan perubahan keselamatan, cubaan gagal dan sekatan.
- **Wang**: alamat tambah nilai dan pengeluaran, transaksi di rantaian, dan setiap catatan baki, robot, sewaan, yuran dan komisen anda.
- **Sokongan**: mesej yang anda hantar kepada kami.

## Mengapa kami menggunakannya

Untuk membuka dan melindungi akaun anda, menjalankan robot dan sewaan anda, mengkreditkan tambah nilai dan menghantar pengeluaran, membayar komisen pasukan, mencegah penipuan dan pengubahan wang haram, menjawab anda, dan memenuhi kewajipan undang-undang kami. Kami tidak menjual data anda dan tidak menggunakannya untuk pengiklanan.

## Siapa yang menerimanya

Rangkaian blockchain (alamat dan transaksi di rantaian bersifat awam), penyedia yang menempatkan pelayan kami atau menghantar e-mel dan SMS kami, dan pihak berkuasa apabila dikehendaki oleh undang-undang. Setiap penyedia menerima hanya apa yang diperlukan oleh tugasnya. Perujuk anda melihat akaun anda yang disamarkan dan angka pasukan anda, tidak pernah identiti penuh anda.

## Bukti rizab

Bukti rizab yang diterbitkan tidak mengandungi nama, alamat e-mel atau baki tepat: setiap baki dipecahkan kepada beberapa bahagian tersembunyi, jadi tiada sesiapa boleh membaca pegangan anda daripadanya.

## Berapa lama kami menyimpannya

- Data akaun anda: selagi akaun anda dibuka, dan kemudian selama yang dikehendaki oleh undang-undang.
- Rekod log masuk dan keselamatan: selama yang diperlukan untuk melindungi akaun dan menyiasat insiden.
- Catatan lejar, tambah nilai, pengeluaran dan yuran: untuk tempoh yang dikehendaki oleh undang-undang tentang rekod kewangan dan perakaunan, walaupun selepas akaun anda ditutup. Catatan lejar tidak pernah disunting atau dipadam; pembetulan ialah catatan baharu.

## Hak anda

Anda boleh meminta untuk melihat data yang kami simpan tentang anda, membetulkan data yang salah, memadamkan data jika dibenarkan oleh undang-undang, menerima salinan data anda, dan membantah atau mengehadkan penggunaannya. Rekod yang wajib kami simpan menurut undang-undang tidak boleh dipadam sebelum tempohnya tamat. Tulis kepada {{support_email}}; kami menjawab dalam tempoh yang ditetapkan oleh undang-undang. Anda juga boleh membuat aduan kepada pihak berkuasa perlindungan data di tempat anda tinggal.

## Keselamatan

Kata laluan disimpan sebagai hash sehala, sambungan disulitkan, pengeluaran melebihi jumlah tertentu disemak oleh kakitangan kami, dan tindakan kakitangan dalam konsol direkodkan dalam log audit.

## Perubahan

Kami akan menerbitkan sebarang perubahan pada dasar ini di sini dengan tarikh berkuat kuasa baharu, dan memaklumkan anda dalam aplikasi apabila perubahan itu penting.
`,
  },
  terms: {
    title: 'Terma Perkhidmatan',
    body: `*Tarikh berkuat kuasa: {{effective_date}}*

## Perjanjian

Terma ini ialah perjanjian antara anda dan {{company_name}}, nombor pendaftaran {{company_number}}, {{registered_address}}. Dengan membuka akaun atau menggunakan platform, anda menerimanya bersama Penafian dan Dasar Privasi.

## Kelayakan

Anda mesti dewasa dengan keupayaan undang-undang penuh dan tidak boleh menggunakan platform di tempat undang-undang negara anda melarangnya atau di tempat kami tidak menawarkannya. Anda membuka satu akaun sahaja, untuk diri sendiri, dengan butiran yang benar.

## Akaun anda dan keselamatannya

Rahsiakan kata laluan, kata laluan dana dan peranti dua faktor anda, dan gunakan kata laluan dana yang tidak anda gunakan di tempat lain. Semua yang dilakukan dengan kelayakan anda dianggap dilakukan oleh anda. Maklumkan kami segera di {{support_email}} jika anda fikir akaun anda berisiko. Lima kali salah kata laluan dana mengunci pengeluaran selama 24 jam.

## Tambah nilai dan jagaan

Kami menyimpan USDT pelabur pada rangkaian ERC20, BEP20 dan TRC20, dalam dompet yang kami kawal, dan merekodkan bahagian setiap pelabur dalam lejar kami. Hantar hanya USDT pada rangkaian alamat tambah nilai anda; tambah nilai dikreditkan selepas pengesahan yang ditunjukkan dalam aplikasi, dan tambah nilai di bawah minimum ditunjukkan tetapi tidak dikreditkan. Baki anda ialah tuntutan terhadap kami bagi jumlah USDT tersebut.

## Pengeluaran

Pengeluaran dibayar ke alamat yang anda simpan bagi rangkaiannya, tolak yuran pengeluaran yang ditunjukkan sebelum anda mengesahkan, dalam had harian. Jumlah itu dibekukan sebaik anda meminta. Pengeluaran melebihi jumlah tertentu disemak oleh kakitangan kami, dan yang lebih besar memerlukan dua kelulusan. Kami boleh menahan atau menolak pengeluaran semasa menyemaknya untuk penipuan, pengubahan wang haram atau perintah undang-undang; pengeluaran yang ditolak memulangkan jumlah dan yuran ke baki anda.

## Robot dan dagangan salin

Robot berdagang dengan modal yang anda berikan mengikut tetapan yang anda pilih. Yuran dagangan dikenakan pada setiap pelaksanaan. Apabila anda menyelesaikan, keuntungan terealisasi ditambah ke baki anda tolak yuran prestasi yang ditunjukkan dalam aplikasi; apabila anda menghentikan robot, kedudukannya ditutup pada harga pasaran dan modal ditambah atau ditolak hasilnya dipulangkan. Jika anda menyalin robot, anda juga membayar pemiliknya bahagian keuntungan yang ditunjukkan, atas keuntungan terealisasi anda melebihi paras tertinggi anda sebelum ini. Kami boleh melumpuhkan robot atau menutup pasaran demi keselamatan.

## Sewaan perlombongan

Sewaan dibayar terlebih dahulu untuk bilangan hari yang tetap dan setiap hari memperoleh apa yang diberi oleh formula yang diterbitkan, tolak elektrik, tidak pernah kurang daripada sifar. Ia tamat pada akhir tempohnya melainkan anda memperbaharuinya.

## Yuran

Yuran yang terpakai ditunjukkan dalam aplikasi sebelum anda bertindak, dan setiap yuran yang anda bayar muncul dalam Butiran Dana. Kami boleh mengubah yuran untuk masa depan dan akan mengumumkannya; perubahan tidak pernah terpakai kepada yuran yang telah dikenakan.

## Penggunaan yang dilarang

Anda tidak boleh menggunakan platform untuk pengubahan wang haram, pembiayaan keganasan, penipuan atau mengelak sekatan, dengan dana yang bukan milik anda, melalui akses automatik yang tidak kami benarkan, untuk menyerang atau menguji sistem kami, atau untuk memanipulasi kedudukan, rujukan atau komisen.

## Penggantungan dan penutupan

Kami boleh membekukan, mengehadkan atau menutup akaun yang melanggar terma ini, apabila dikehendaki oleh undang-undang, atau untuk melindungi anda atau pelabur lain, dan kami akan memberitahu sebabnya melainkan undang-undang melarangnya. Anda boleh menutup akaun anda pada bila-bila masa selepas mengeluarkan baki anda.

## Had liabiliti kami

Kami bertanggungan atas kerugian yang disebabkan oleh kesalahan kami sendiri seperti yang diperuntukkan oleh undang-undang. Kami tidak bertanggungan atas kerugian pasaran, prestasi robot atau sewaan, tindakan rangkaian blockchain atau pengeluar stablecoin, atau peristiwa di luar kawalan munasabah kami. Tiada apa-apa dalam terma ini mengehadkan liabiliti yang tidak dibenarkan oleh undang-undang untuk dihadkan.

## Perubahan pada terma ini

Kami boleh mengubah terma ini. Kami akan menerbitkan versi baharu di sini dengan tarikh berkuat kuasanya dan memaklumkan anda dalam aplikasi sebelum perubahan penting terpakai. Jika anda tidak bersetuju, anda boleh menutup akaun anda.

## Undang-undang yang mentadbir

Terma ini ditadbir oleh {{governing_law}}. Pertikaian dibawa ke mahkamah yang ditetapkan oleh undang-undang itu, tanpa mengehadkan hak anda sebagai pengguna untuk ke mahkamah di tempat anda tinggal.

## Hubungi kami

{{company_name}}, {{registered_address}}. E-mel: {{support_email}}.
`,
  },
};
