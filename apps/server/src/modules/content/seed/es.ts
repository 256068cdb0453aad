// The demo content in Spanish (Spain); screen names as in locales/es.json.
import type { DemoTexts } from './types.ts';

export const es: DemoTexts = {
  'notice-welcome': {
    title: 'Bienvenido a Olive: cada cifra se gana',
    body: 'Las ganancias de los robots son las pérdidas y ganancias de una estrategia de cuadrícula real, y cada saldo es la suma de asientos contables que puedes abrir en **Detalle de fondos**.\n\nEsta instalación funciona con **datos de mercado de demostración**: los precios vienen de un simulador hasta que el operador conecte un exchange.',
  },
  'notice-maintenance': {
    title: 'Mantenimiento programado el domingo de 02:00 a 02:30 UTC',
    body: 'Durante el mantenimiento los depósitos siguen llegando y se abonan en cuanto termina. Los retiros solicitados en esa franja se envían después.',
  },
  'notice-trc20': {
    title: 'Los depósitos TRC20 se abonan tras 19 confirmaciones',
    body: 'Para protegerte frente a reorganizaciones de la cadena, los depósitos TRC20 se abonan tras 19 confirmaciones (alrededor de un minuto).',
  },
  'news-grid': {
    title: 'Cómo se comportan los robots de cuadrícula en un mercado lateral',
    body: 'Un robot de cuadrícula deja órdenes de compra y de venta en niveles de precio fijos. Cuando el precio oscila dentro de su rango, cada par completo de compra y venta gana un paso de la cuadrícula, descontadas las comisiones.\n\n- En un mercado **lateral** opera a menudo.\n- En una **tendencia** mantiene inventario y muestra una pérdida o ganancia no realizada.\n\nConsulta los Detalles del robot para distinguir una cosa de la otra.',
  },
  'news-mining': {
    title: 'Por qué publicamos los datos de cada pago de minería',
    body: 'Cada pago diario guarda la dificultad de la red, la recompensa por bloque, el precio de BTC y el hashrate que utilizó, para que cualquiera pueda recalcularlo con la fórmula pública.',
  },
  'news-fund-password': {
    title: 'Consejo de seguridad: tu contraseña de fondos no es tu contraseña de acceso',
    body: 'El personal de Olive nunca te pedirá ninguna de las dos. Elige una contraseña de fondos que no uses en ningún otro sitio; cinco intentos fallidos bloquean los retiros durante 24 horas.',
  },
  'help-top-up': {
    title: '¿Cómo recargo USDT?',
    body: 'Abre **Recarga**, elige la red (ERC20, BEP20 o TRC20) y envía USDT a la dirección que aparece. Envía solo USDT en esa red. El depósito se abona cuando alcanza las confirmaciones indicadas en la pantalla.',
  },
  'help-withdraw': {
    title: '¿Cómo funcionan los retiros?',
    body: 'Guarda una dirección de retiro por red, una sola vez, en **Billetera de retiro**; después introduce el importe y tu contraseña de fondos. La comisión se descuenta del importe. Los retiros grandes esperan la revisión de un operador.',
  },
  'help-robots': {
    title: '¿De dónde salen las ganancias de los robots?',
    body: 'De las operaciones de una estrategia de cuadrícula contra el precio de mercado: una pérdida se muestra como pérdida. El rendimiento diario esperado es la mediana de un backtest, una estimación y no una promesa.',
  },
  'help-fees': {
    title: '¿Qué comisiones se aplican?',
    body: 'Una comisión de retiro por red, comisiones de trading en las órdenes ejecutadas por los robots y una comisión de rendimiento sobre el beneficio positivo del robot al liquidar. Todas las comisiones aparecen en **Detalle de fondos**.',
  },
  'partner-tether': { detail: 'Stablecoin USDT' },
  'partner-ethereum': { detail: 'Red ERC20' },
  'partner-bnb': { detail: 'Red BEP20' },
  'partner-tron': { detail: 'Red TRC20' },
};
