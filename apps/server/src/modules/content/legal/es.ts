// Las páginas legales en español, sección por sección como la plantilla inglesa.
import type { LegalTexts } from './fields.ts';

export const es: LegalTexts = {
  fields: {
    company_name: 'nombre de la empresa',
    registered_address: 'domicilio social',
    company_number: 'número de registro mercantil',
    support_email: 'correo de soporte',
    governing_law: 'ley aplicable',
    effective_date: 'fecha de entrada en vigor',
  },
  about: {
    title: 'Sobre nosotros',
    body: `## Quiénes somos

Esta plataforma la opera {{company_name}}, inscrita con el número {{company_number}} y con domicilio social en {{registered_address}}. En estas páginas, «nosotros» significa {{company_name}} y «tú», la persona titular de una cuenta.

## Qué ofrecemos

- **Robots de trading en cuadrícula** sobre BTC, ETH, BNB, SOL y TRX contra USDT. Un robot coloca órdenes de compra y venta en niveles de precio fijos y gana, o pierde, con las operaciones que realmente ejecuta.
- **Copy trading**: puedes copiar un robot que otro inversor haya hecho público, con tu propio capital, y pagar a su dueño la participación en beneficios que se muestra antes de copiar.
- **Alquiler de minería**: alquilas potencia de cálculo durante un número fijo de días y recibes lo que da la fórmula pública de minería con la dificultad de la red y el precio de BTC de cada día, menos la electricidad.
- **Una billetera USDT** en las redes ERC20, BEP20 y TRC20, para depósitos y retiros.

## Cómo informamos de los resultados

Cada cifra que ves procede de un mecanismo real: las operaciones de una estrategia a precios de mercado, la fórmula pública de potencia de cálculo o comisiones realmente cobradas. Cada saldo es la suma de los movimientos que figuran en Detalle de fondos. Una pérdida se muestra como pérdida. Las cifras esperadas, los backtests y las previsiones son estimaciones y se indican como tales.

## Prueba de reservas

Cada día publicamos una prueba de reservas: un resumen criptográfico de lo que debemos a todos los inversores, con el que puedes comprobar que tu propio saldo está incluido, comparado con los USDT que custodiamos.

## Contacto

Escribe a {{support_email}} o usa Contacto en la aplicación. Las cartas pueden enviarse a {{company_name}}, {{registered_address}}.
`,
  },
  disclaimer: {
    title: 'Aviso legal',
    body: `*Fecha de entrada en vigor: {{effective_date}}*

## Sin asesoramiento de inversión

Nada en esta plataforma es asesoramiento de inversión, financiero, jurídico o fiscal, ni una oferta de compra o venta de ningún activo. Decide tú y busca asesoramiento independiente si tienes dudas.

## Riesgos de los robots de trading

Los precios de los activos digitales son volátiles. Un robot en cuadrícula gana cuando el precio sube y baja dentro de su rango; en una tendencia fuerte mantiene activos que pierden valor, o deja de ganar, y puedes perder parte o la totalidad del capital que le asignas. Las salidas de stop-loss y take-profit se ejecutan al precio de mercado, que puede ser peor que el nivel fijado. Los backtests y los rendimientos esperados se calculan con datos pasados y no son promesas. Cada ejecución paga comisiones de trading, y al liquidar se descuenta una comisión de rendimiento del beneficio realizado. Un robot que copias puede perder dinero como cualquier otro, y la participación que pagas a su dueño se descuenta de tu beneficio realizado.

## Riesgos del alquiler de minería

Las ganancias de minería siguen la fórmula pública con la dificultad de la red, la recompensa por bloque y el precio de BTC de cada día. La dificultad suele subir y el precio de BTC puede bajar, así que un alquiler puede rendir menos de lo que costó, y un plazo más corto que su punto de equilibrio probablemente pierda dinero. Un alquiler dura el plazo fijo pagado por adelantado; no se puede cancelar ni reembolsar a mitad de camino.

## Riesgos de la stablecoin y de las redes

Los saldos se llevan en USDT, una stablecoin emitida por un tercero, que puede perder su paridad o ser congelada por su emisor. Las redes blockchain pueden congestionarse, dividirse o detenerse, y una transferencia enviada a una dirección o red equivocada no se puede revertir.

## Resultados pasados

Los resultados pasados, historiales, clasificaciones y rankings no garantizan resultados futuros. Los inversores y robots de demostración están marcados como tales y no son cuentas reales.

## Disponibilidad

Podemos suspender depósitos, retiros, robots o alquileres por mantenimiento o por motivos de seguridad o legales. Hacemos lo posible por mantener el servicio, pero no prometemos que esté siempre disponible o libre de errores.

## Tu responsabilidad

Tú decides si estos productos te convienen, respondes de los impuestos que te correspondan y usas la plataforma solo donde la ley lo permita.
`,
  },
  privacy: {
    title: 'Política de privacidad',
    body: `*Fecha de entrada en vigor: {{effective_date}}*

## Responsable

{{company_name}} ({{registered_address}}, número de registro {{company_number}}) es responsable de los datos personales descritos aquí. Preguntas y solicitudes: {{support_email}}.

## Qué recogemos

- **Cuenta**: tu correo electrónico o teléfono, nombre de usuario, apodo, avatar, código de referido y patrocinador, contraseña y contraseña de fondos (guardadas solo como hashes irreversibles) y tu configuración de doble factor.
- **Accesos y seguridad**: la hora, la dirección IP y el dispositivo de los inicios de sesión y de los cambios de seguridad, los intentos fallidos y los bloqueos.
- **Dinero**: direcciones de depósito y retiro, transacciones en la cadena y cada movimiento de tus saldos, robots, alquileres, comisiones y comisiones de equipo.
- **Soporte**: los mensajes que nos envías.

## Para qué los usamos

Para abrir y proteger tu cuenta, hacer funcionar tus robots y alquileres, abonar depósitos y enviar retiros, pagar comisiones de equipo, prevenir el fraude y el blanqueo de capitales, responderte y cumplir nuestras obligaciones legales. No vendemos tus datos ni los usamos para publicidad.

## Quién los recibe

Las redes blockchain (las direcciones y transacciones en la cadena son públicas por naturaleza), los proveedores que alojan nuestros servidores o envían nuestros correos y SMS, y las autoridades cuando la ley lo exige. Cada proveedor recibe solo lo que su tarea necesita. Tu patrocinador ve tu cuenta enmascarada y las cifras de tu equipo, nunca tu identidad completa.

## Prueba de reservas

La prueba de reservas publicada no contiene nombres, correos ni saldos exactos: cada saldo se divide en varias partes ocultas, de modo que nadie puede leer en ella lo que tienes.

## Cuánto tiempo los conservamos

- Tus datos de cuenta: mientras tu cuenta esté abierta y, después, el tiempo que exija la ley.
- Los registros de acceso y seguridad: el tiempo necesario para proteger las cuentas e investigar incidentes.
- Movimientos, depósitos, retiros y comisiones: el plazo que exige la ley sobre registros financieros y contables, incluso después de cerrar tu cuenta. Un movimiento nunca se modifica ni se borra; una corrección es un movimiento nuevo.

## Tus derechos

Puedes pedir acceso a los datos que tenemos sobre ti, la rectificación de los incorrectos, su supresión cuando la ley lo permita, una copia de tus datos, y oponerte a un uso o limitarlo. Los registros que la ley nos obliga a conservar no pueden borrarse antes de que termine su plazo. Escribe a {{support_email}}; respondemos en el plazo legal. También puedes reclamar ante la autoridad de protección de datos de tu lugar de residencia.

## Seguridad

Las contraseñas se guardan como hashes irreversibles, las conexiones van cifradas, nuestro personal revisa los retiros por encima de ciertos importes y las acciones del personal en la consola quedan en un registro de auditoría.

## Cambios

Publicaremos aquí cualquier cambio de esta política con una nueva fecha de entrada en vigor y te avisaremos en la aplicación de los cambios importantes.
`,
  },
  terms: {
    title: 'Términos del servicio',
    body: `*Fecha de entrada en vigor: {{effective_date}}*

## Acuerdo

Estos términos son un acuerdo entre tú y {{company_name}}, número de registro {{company_number}}, {{registered_address}}. Al abrir una cuenta o usar la plataforma los aceptas, junto con el Aviso legal y la Política de privacidad.

## Requisitos

Debes ser mayor de edad y tener plena capacidad legal, y no puedes usar la plataforma donde la ley de tu país lo prohíba o donde no la ofrezcamos. Abre una sola cuenta, a tu nombre, con datos verdaderos.

## Tu cuenta y tu seguridad

Mantén en secreto tu contraseña, tu contraseña de fondos y tu dispositivo de doble factor, y usa una contraseña de fondos que no uses en ningún otro sitio. Todo lo que se haga con tus credenciales se considera hecho por ti. Avísanos de inmediato en {{support_email}} si crees que tu cuenta está en riesgo. Cinco contraseñas de fondos erróneas bloquean los retiros durante 24 horas.

## Depósitos y custodia

Custodiamos los USDT de los inversores en las redes ERC20, BEP20 y TRC20, en billeteras que controlamos, y registramos la parte de cada inversor en nuestro libro mayor. Envía solo USDT en la red de tu dirección de depósito; un depósito se abona tras las confirmaciones indicadas en la aplicación, y un depósito inferior al mínimo se muestra pero no se abona. Tu saldo es un derecho frente a nosotros por esa cantidad de USDT.

## Retiros

Un retiro se paga a la dirección que guardaste para su red, menos la comisión de retiro mostrada antes de confirmar, dentro del límite diario. El importe se congela al solicitarlo. Nuestro personal revisa los retiros por encima de cierto importe, y los mayores necesitan dos aprobaciones. Podemos retener o rechazar un retiro mientras lo revisamos por fraude, blanqueo o una orden legal; un retiro rechazado devuelve el importe y la comisión a tu saldo.

## Robots y copy trading

Un robot opera con el capital que le asignas según los ajustes que eliges. Cada ejecución paga comisiones de trading. Al liquidar, el beneficio realizado se suma a tu saldo menos la comisión de rendimiento que muestra la aplicación; al detener un robot, sus posiciones se cierran a precio de mercado y se te devuelve el capital más o menos su resultado. Si copias un robot, pagas además a su dueño la participación mostrada sobre tu beneficio realizado por encima de tu máximo anterior. Podemos desactivar un robot o cerrar un mercado por seguridad.

## Alquiler de minería

Un alquiler se paga por adelantado por un número fijo de días y cada día rinde lo que da la fórmula publicada, menos la electricidad, nunca menos de cero. Termina al final de su plazo salvo que lo renueves.

## Comisiones

Las comisiones aplicables se muestran en la aplicación antes de que actúes, y cada comisión pagada aparece en Detalle de fondos. Podemos cambiar las comisiones para el futuro y lo anunciaremos; un cambio nunca se aplica a una comisión ya cobrada.

## Usos prohibidos

No puedes usar la plataforma para blanqueo de capitales, financiación del terrorismo, fraude o evasión de sanciones, con fondos que no sean tuyos, mediante accesos automatizados no permitidos, para atacar o sondear nuestros sistemas, ni para manipular clasificaciones, referidos o comisiones.

## Suspensión y cierre

Podemos congelar, limitar o cerrar una cuenta que incumpla estos términos, cuando la ley lo exija o para protegerte a ti o a otros inversores, y te diremos el motivo salvo que la ley lo prohíba. Puedes cerrar tu cuenta en cualquier momento después de retirar tu saldo.

## Límites de nuestra responsabilidad

Respondemos de las pérdidas causadas por nuestra propia culpa según establece la ley. No respondemos de las pérdidas del mercado, del resultado de un robot o de un alquiler, de la actuación de las redes blockchain o de los emisores de stablecoins, ni de hechos fuera de nuestro control razonable. Nada en estos términos limita una responsabilidad que la ley no permita limitar.

## Cambios de estos términos

Podemos cambiar estos términos. Publicaremos aquí la nueva versión con su fecha de entrada en vigor y te avisaremos en la aplicación antes de que se aplique un cambio importante. Si no estás de acuerdo, puedes cerrar tu cuenta.

## Ley aplicable

Estos términos se rigen por {{governing_law}}. Las controversias corresponden a los tribunales que designe esa ley, sin perjuicio de tu derecho como consumidor a acudir a los tribunales de tu domicilio.

## Contacto

{{company_name}}, {{registered_address}}. Correo: {{support_email}}.
`,
  },
};
