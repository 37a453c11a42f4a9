import { ISSUE_EN, type IssueCode } from '../../engine/issue-text';
import { defineMessages } from './define';

type Key = `issue.${IssueCode}`;
/** The English of every code as the logs say it (../../engine/issue-text.ts), keyed as the catalog's. */
const english = Object.fromEntries(Object.entries(ISSUE_EN).map(([c, s]) => [`issue.${c}`, s])) as Record<Key, string>;

/**
 * Why a game file, a chart pack or a game pack is refused, or a file does not verify: the engine's
 * issue codes in the player's language (their English is the logs', src/engine/issue-text.ts, but
 * where a screen words one otherwise), and the words their paths and values use. Loaded with the
 * screens that show a refusal, never by the home screen (issue #14); src/ui/issues.ts says an issue
 * with them.
 */
export const issues = defineMessages({
  en: {
    ...english,
    // Where the screen says a code otherwise than the logs (a ceremony's: after "the seed ceremony —")
    'issue.file-format': 'unknown file format {format}',
    'issue.ceremony-unrevealed': 'the {side} contribution is not revealed',
    'issue.ceremony-commitment': 'the {side} contribution does not match its commitment {commitment}',
    'issue.ceremony-seed': 'the seed is not the one its contributions make',
    'issue.order': 'steps are missing or out of order',
    'issue.hidden-reveal': 'the hidden chit shown is not the card drawn (the proof of the {side} side does not hold)',
    'issue.hidden-keep':
      'the hidden chit kept face down is not proven one of its cup’s chits that may be kept (the proof of the {side} side does not hold)',
    'issue.hidden-refill':
      'a hidden cup’s refill from its discard pile: the deck of the {side} side is not signed by its phone, or holds a card twice',
    'issue.hidden-audit': 'the audit of a hidden cup: the {side} side’s phone did not follow the protocol ({what})',
    'issue.hidden-audit-opened':
      'the audit of a hidden cup shows card {card} as a chit the phones’ secrets do not open it to (the table wrote that step)',
    'issue.hidden-deck':
      'a hidden cup deal holds a card twice, or a value that is not a point (the {side} side shuffled it)',
    // A count said with the plural rules (the logs' English has no plurals: 1 cell, 2 cells)
    'issue.cell-rows': 'expected {n} {n, plural, one {row} other {rows}} of cells, got {rows}',
    'issue.row-cells': 'expected {n} {n, plural, one {cell} other {cells}}, got {cells}',
    // A typed value's reason (src/engine/charts.ts parseCellInput)
    'issue.cell.empty': 'empty',
    'issue.cell.not-a-number': 'not a number',
    'issue.cell.out-of-range': 'out of range',
    'issue.cell.unknown-code': 'not a result code of this table',
    'issue.cell.too-long': 'too long',
    // What a value was ({got}: a quoted text is shown as it is)
    'issue.kind.null': 'null',
    'issue.kind.array': 'a list',
    'issue.kind.number': 'a number',
    'issue.kind.boolean': 'true or false',
    'issue.kind.object': 'an object',
    'issue.kind.undefined': 'nothing',
    'issue.kind.string': 'text',
    // Who gave a part of the seed ({side} of a ceremony's codes): a side, or the device
    'issue.side': '{side}',
    'issue.side.device': 'device',
    // Where: a step of the log, and issues left out
    'issue.step': '(step {n})',
    'issue.more': '… and {n} more',
    'issue.showAll': 'Show all {n}',
  },
  es: {
    'issue.text': 'se esperaba un texto; hay {got}',
    'issue.min-chars': 'se esperaban al menos {min} caracteres',
    'issue.max-chars': 'se esperaban como mucho {max} caracteres',
    'issue.pattern': '{value} no tiene la forma {pattern}',
    'issue.int': 'se esperaba un número entero de {min} a {max}; hay {got}',
    'issue.number': 'se esperaba un número de {min} a {max}; hay {got}',
    'issue.boolean': 'se esperaba verdadero o falso; hay {got}',
    'issue.one-of': 'se esperaba uno de {values}; hay {got}',
    'issue.list': 'se esperaba una lista; hay {got}',
    'issue.min-items': 'se esperaban al menos {min} elementos',
    'issue.max-items': 'se esperaban como mucho {max} elementos',
    'issue.object': 'se esperaba un objeto; hay {got}',
    'issue.max-entries': 'se esperaban como mucho {max} entradas; hay {n}',
    'issue.reserved': 'un nombre reservado no puede ser una clave',
    'issue.key-chars': 'una clave tiene como mucho {max} caracteres',
    'issue.finite': 'se esperaba un número finito',
    'issue.json': 'se esperaban datos JSON; hay {got}',
    'issue.nested': 'anidado a más de {max} niveles',
    'issue.missing': 'falta',
    'issue.unknown-key': 'clave desconocida',
    'issue.no-match': 'no encaja con ninguna forma admitida',
    'issue.rng-state': 'no es un estado del generador de azar',
    'issue.unknown-action': 'acción desconocida {value}',
    'issue.timestamp': '{value} no es una fecha y hora',
    'issue.sha256': 'no es un hash SHA-256 (64 cifras hexadecimales)',
    'issue.not-json': 'no es un archivo JSON',
    'issue.too-large': 'el archivo es demasiado grande (más de {mb} MB)',
    'issue.too-deep': 'los datos están anidados a más de {max} niveles',
    'issue.file-format': 'formato de archivo desconocido: {format}',
    'issue.without-seed':
      'este archivo se exportó sin su semilla: sus pasos se pueden verificar («Verificar un archivo de partida»), pero no se puede jugar; importa el archivo exportado con la semilla',
    'issue.no-seal': 'el archivo no registra su sello: no se puede comprobar dónde termina su registro',
    'issue.cut-short':
      'recortado: se esperaba la huella {expected} (paso {expectedStep}) y el archivo termina en {got} (paso {gotStep})',
    'issue.seal-mismatch':
      'los pasos no llegan al final registrado: se esperaba la huella {expected} (paso {expectedStep}) y el archivo termina en {got} (paso {gotStep})',
    'issue.unknown-game': 'juego o escenario desconocido «{game}/{scenario}»',
    'issue.not-replayable': 'la partida no se puede reproducir: {reason}',
    'issue.ceremony-unrevealed': 'la aportación {side} no está revelada',
    'issue.ceremony-commitment': 'la aportación {side} no coincide con su compromiso {commitment}',
    'issue.ceremony-seed': 'la semilla no es la que dan sus aportaciones',
    'issue.order': 'faltan pasos o están desordenados',
    'issue.hidden-reveal': 'la ficha oculta mostrada no es la sacada (la prueba del bando {side} no se cumple)',
    'issue.hidden-keep':
      'la ficha oculta guardada boca abajo no está probada como una de las fichas de su recipiente que pueden guardarse (la prueba del bando {side} no se cumple)',
    'issue.hidden-refill':
      'el rellenado de un recipiente oculto desde su pila de descartadas: el mazo del bando {side} no lo firmó su móvil, o tiene una ficha dos veces',
    'issue.hidden-audit':
      'la auditoría de un recipiente oculto: el móvil del bando {side} no siguió el protocolo ({what})',
    'issue.hidden-audit-opened':
      'la auditoría de un recipiente oculto muestra la carta {card} como una ficha a la que no la abren los secretos de los móviles (ese paso lo escribió la mesa)',
    'issue.hidden-deck':
      'un reparto del recipiente oculto tiene una ficha dos veces, o un valor que no es un punto (lo barajó el bando {side})',
    'issue.branches': 'los pasos deshechos se ramifican de demasiadas formas para comprobarlos',
    'issue.step-error': 'el paso no se puede reproducir: {reason}',
    'issue.result': 'el resultado registrado no coincide con la reproducción',
    'issue.rng-after': 'el estado del azar tras el paso no coincide con la reproducción',
    'issue.manual': 'la marca de tirada manual no coincide con la reproducción',
    'issue.undone-start': 'un paso deshecho parte de un estado del azar que la partida nunca tuvo',
    'issue.rules-older':
      'el paso dice hacerse con la versión {version} de las reglas de la partida, anterior a la {floor}, la del comienzo de la partida o la de un paso anterior',
    'issue.rules-newer':
      'el paso se hizo con la versión {version} de las reglas de la partida, más nueva que la de esta aplicación ({now}): actualízala',
    'issue.rng-before': 'el estado del azar no continúa desde el paso anterior',
    'issue.undo-mark':
      'el paso está marcado como deshecho, o en pie, en contra de los pasos de deshacer del registro (se cambió una marca)',
    'issue.undo-steps': 'el paso de deshacer no nombra los pasos en pie desde el primero que deshace',
    'issue.joint-reveal': 'el valor de {name} no es el siguiente de la cadena comprometida de ese dispositivo',
    'issue.joint-devices': 'los valores no son uno de cada dispositivo del azar conjunto ({names})',
    'issue.joint-seed': 'el estado aleatorio del paso no es el que dan los valores de sus dispositivos',
    'issue.joint-missing': 'el paso usó un azar propio con el azar conjunto activo',
    'issue.joint-only':
      'el paso usó el azar de la semilla en una partida de semilla pública (todas sus tiradas son de azar conjunto)',
    'issue.joint-redo':
      'el paso no toma el azar de la tirada deshecha que tocaba (deshacer nunca vuelve a tirar): se tiró de nuevo, o con el de otra tirada',
    'issue.joint-unexpected': 'el paso lleva valores de dispositivos enlazados sin azar conjunto activo, o no usa azar',
    'issue.no-link': 'el paso no está enlazado con el anterior (la cadena está rota)',
    'issue.first-step':
      'el primer paso no se deriva de la cabecera de la partida (se cambió su semilla, su escenario o su inicio)',
    'issue.step-follow': 'el paso no sigue al paso {step}: se cambió, quitó o insertó un paso anterior',
    'issue.pack-game': 'este paquete de tablas es para «{pack}», no para «{game}»',
    'issue.no-table': 'no hay ninguna tabla «{table}»',
    'issue.fixed-axes': 'esta tabla tiene filas y columnas fijas',
    'issue.axis-label': '«{value}»: {key}',
    'issue.no-cell': 'esa casilla no existe',
    'issue.printed-cell': 'esta casilla está impresa en el reglamento y no se puede sustituir',
    'issue.cell-value': '{value}: {reason}',
    'issue.cell-value-allowed': '{value}: {reason} (se admite: {allowed})',
    'issue.roll-bounds': 'un eje de tirada necesita min, max o ambos',
    'issue.open-below': 'solo la primera entrada puede quedar abierta por abajo',
    'issue.open-above': 'solo la última entrada puede quedar abierta por arriba',
    'issue.min-max': 'el mínimo {min} es mayor que el máximo {max}',
    'issue.roll-gap':
      'los intervalos de tirada deben seguirse sin huecos ni solapes (se esperaba min {expected}; hay {min})',
    'issue.no-axes': 'una tabla necesita filas y columnas salvo con «playerDefinesAxes»',
    'issue.duplicate-key': 'clave repetida «{key}»',
    'issue.cell-rows':
      'se {n, plural, one {esperaba} other {esperaban}} {n} {n, plural, one {fila} other {filas}} de casillas; hay {rows}',
    'issue.row-cells':
      'se {n, plural, one {esperaba} other {esperaban}} {n} {n, plural, one {casilla} other {casillas}}; hay {cells}',
    'issue.legend-code': '«{value}» no es un código de resultado de la leyenda de esta tabla',
    'issue.complete-null': 'una tabla completa no puede tener casillas nulas',
    'issue.missing-values':
      'una tabla que falta solo tiene casillas nulas (los valores que da el texto van en una tabla parcial)',
    'issue.no-legend': 'una tabla de códigos de resultado necesita una leyenda',
    'issue.crt-odds': 'una tabla de resultados de combate necesita «odds»',
    'issue.crt-roll': 'una tabla de resultados de combate necesita «roll»',
    'issue.roll-roll': 'una tabla de tirada necesita «roll»',
    'issue.odds-needed': 'una columna de proporción necesita «odds» [a, d]',
    'issue.odds-order': 'las columnas de proporción deben ir en aumento',
    'issue.no-row': 'no hay ninguna fila «{row}»',
    'issue.no-column': 'no hay ninguna columna «{column}»',
    'issue.printed-differs': 'la casilla contiene {cell}, no {printed}',
    'issue.not-a-choice': '«{value}» no es una de las opciones',
    'issue.duplicate-table': 'identificador de tabla repetido',
    'issue.duplicate-scenario': 'identificador de escenario repetido',
    'issue.no-game': 'no hay ningún juego «{game}»',
    'issue.table-game': 'la tabla «{table}» es de {game}',
    'issue.no-side': 'no hay ningún bando «{side}»',
    'issue.pack-text': 'necesita un texto en inglés («en»), en español («es») o en ambos',
    'issue.duplicate-side': 'identificador de bando repetido «{id}»',
    'issue.duplicate-dice': 'identificador de dados repetido «{id}»',
    'issue.duplicate-chit': 'identificador de ficha repetido «{id}»',
    'issue.duplicate-cup': 'identificador de recipiente repetido «{id}»',
    'issue.pack-id': 'se esperaba «{pack}» (el identificador del paquete); hay «{game}»',
    'issue.pack-too-large': 'el archivo tiene más de {max} caracteres',
    'issue.pack-not-json': 'no es JSON (mensaje del navegador: «{error}»)',
    'issue.built-in-id': '«{id}» es el identificador de un juego que la aplicación trae incorporado',
    'issue.second-manifest': 'un segundo manifiesto (el primero es {file})',
    'issue.file-kind': 'se esperaba «manifest», «table» o «scenario» (varios archivos forman un paquete)',
    'issue.files-too-large': 'los archivos tienen más de {max} caracteres',
    'issue.no-manifest': 'no hay ningún archivo de manifiesto («kind»: «manifest») entre los archivos',
    'issue.version-taken':
      'la versión {version} de «{id}» ya está en este dispositivo con otro contenido: dale a esta una versión nueva',
    'issue.cell.empty': 'vacío',
    'issue.cell.not-a-number': 'no es un número',
    'issue.cell.out-of-range': 'fuera de rango',
    'issue.cell.unknown-code': 'no es un código de resultado de esta tabla',
    'issue.cell.too-long': 'demasiado largo',
    'issue.kind.null': 'nulo',
    'issue.kind.array': 'una lista',
    'issue.kind.number': 'un número',
    'issue.kind.boolean': 'verdadero o falso',
    'issue.kind.object': 'un objeto',
    'issue.kind.undefined': 'nada',
    'issue.kind.string': 'un texto',
    'issue.side': 'del bando «{side}»',
    'issue.side.device': 'del dispositivo',
    'issue.step': '(paso {n})',
    'issue.more': '… y {n} más',
    'issue.showAll': 'Ver los {n}',
  },
});

/** Every issue code has its text (a code added to the engine without one does not compile). */
export const issueTexts: Record<Key, string>[] = [issues.en, issues.es];
