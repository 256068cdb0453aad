// The demo content in Malay; screen names as in locales/ms.json.
import type { DemoTexts } from './types.ts';

export const ms: DemoTexts = {
  'notice-welcome': {
    title: 'Selamat datang ke Olive: setiap angka benar-benar diperoleh',
    body: 'Pendapatan robot ialah untung dan rugi strategi grid yang sebenar, dan setiap baki ialah jumlah catatan lejar yang boleh anda buka dalam **Butiran Dana**.\n\nPemasangan ini menggunakan **data pasaran demo**: harga datang daripada simulator sehingga pengendali menyambungkan bursa.',
  },
  'notice-maintenance': {
    title: 'Penyelenggaraan berjadual pada hari Ahad, 02:00–02:30 UTC',
    body: 'Deposit terus diterima semasa penyelenggaraan dan dikreditkan sebaik sahaja ia selesai. Pengeluaran yang diminta dalam tempoh itu dihantar selepas itu.',
  },
  'notice-trc20': {
    title: 'Deposit TRC20 dikreditkan selepas 19 pengesahan',
    body: 'Untuk melindungi daripada penyusunan semula rantaian, deposit TRC20 dikreditkan selepas 19 pengesahan (kira-kira satu minit).',
  },
  'news-grid': {
    title: 'Bagaimana robot grid bertindak dalam pasaran mendatar',
    body: 'Robot grid meletakkan pesanan beli dan jual pada paras harga yang tetap. Apabila harga berayun di dalam julatnya, setiap pasangan beli-kemudian-jual yang lengkap memperoleh satu langkah grid tolak yuran.\n\n- Dalam pasaran **mendatar**, ia kerap berdagang.\n- Dalam **arah aliran**, ia memegang inventori dan menunjukkan kerugian atau keuntungan terapung.\n\nBuka Butiran robot untuk melihat kedua-duanya secara berasingan.',
  },
  'news-mining': {
    title: 'Mengapa kami menerbitkan input setiap bayaran perlombongan',
    body: 'Setiap bayaran harian menyimpan kesukaran rangkaian, ganjaran blok, harga BTC dan kadar hash yang digunakan, supaya sesiapa sahaja boleh mengiranya semula dengan formula awam.',
  },
  'news-fund-password': {
    title: 'Petua keselamatan: kata laluan dana anda bukan kata laluan log masuk',
    body: 'Kakitangan Olive tidak akan sekali-kali meminta mana-mana satu daripadanya. Tetapkan kata laluan dana yang tidak anda gunakan di tempat lain; lima cubaan salah akan mengunci pengeluaran selama 24 jam.',
  },
  'help-top-up': {
    title: 'Bagaimana saya menambah nilai USDT?',
    body: 'Buka **Tambah Nilai**, pilih rangkaian (ERC20, BEP20 atau TRC20) dan hantar USDT ke alamat yang dipaparkan. Hantar USDT pada rangkaian itu sahaja. Deposit dikreditkan sebaik sahaja ia mencapai bilangan pengesahan yang tertera pada skrin.',
  },
  'help-withdraw': {
    title: 'Bagaimana pengeluaran berfungsi?',
    body: 'Simpan alamat pengeluaran sekali bagi setiap rangkaian dalam **Dompet Pengeluaran**, kemudian masukkan jumlah dan kata laluan dana anda. Yuran ditolak daripada jumlah tersebut. Pengeluaran yang besar menunggu semakan oleh pengendali.',
  },
  'help-robots': {
    title: 'Dari mana datangnya pendapatan robot?',
    body: 'Daripada dagangan strategi grid berbanding harga pasaran: kerugian ditunjukkan sebagai kerugian. Hasil harian yang dijangka ialah median ujian balik, satu anggaran dan bukan janji.',
  },
  'help-fees': {
    title: 'Apakah yuran yang dikenakan?',
    body: 'Yuran pengeluaran bagi setiap rangkaian, yuran dagangan pada pesanan robot yang dilaksanakan, dan yuran prestasi ke atas keuntungan positif robot apabila anda menyelesaikannya. Setiap yuran dipaparkan dalam **Butiran Dana**.',
  },
  'partner-tether': { detail: 'Stablecoin USDT' },
  'partner-ethereum': { detail: 'Rangkaian ERC20' },
  'partner-bnb': { detail: 'Rangkaian BEP20' },
  'partner-tron': { detail: 'Rangkaian TRC20' },
};
