import { defineMessages } from './define';

/**
 * The engine's refusals of a step, and the re-roll they may offer: shown once a game is open (its
 * screens and tools use this block), never by the home screen (issue #14).
 */
export const errors = defineMessages({
  en: {
    'error.dice-spec': 'Those dice are not valid (1 to 100 dice of 2 to 1000 sides).',
    'error.manual-count': 'Enter exactly {expected} dice (you entered {got}).',
    'error.manual-face': '{value} is not on this die; possible values: {faces}.',
    'error.manual-not-integer': '"{value}" is not a whole number.',
    'error.strength': 'Strengths must be numbers from 0 to 1,000,000, and a defence above 0 for odds; got "{value}".',
    'error.no-column': 'No column of this table fits.',
    'error.off-table': 'A roll of {roll} is off this table, and the rules give no limit.',
    'error.table-incomplete':
      'This table has no value at row {row}, column {column}: enter it from your printed chart first.',
    'error.unknown-table': 'This table cannot be used for that.',
    'error.unknown-row': 'Choose a row first.',
    'error.cup-empty': 'The cup is empty.',
    'error.unknown-cup': 'No such cup in this scenario.',
    'error.unknown-chit': 'That chit is not in hand.',
    'error.chit-not-in-cup': 'That chit is not in the cup.',
    'error.look-count': 'You can look at 1 to {max} chits.',
    'error.nothing-to-undo': 'Nothing to undo.',
    'error.bad-action': 'That step is not valid.',
    'error.modifier-range': 'A die-roll modifier is a whole number from {min} to {max}; "{value}" is not.',
    'error.cap-range': 'A streak cap is a whole number from {min} to {max}; "{value}" is not.',
    'error.shift-range': 'A column shift is a whole number from {min} to {max}; "{value}" is not.',
    'field.number': 'Enter a whole number from {min} to {max}.',
    'error.once':
      'Already done: the rules do this once. To change it, undo that step (the same dice come back), or re-roll by a rule or your agreement, giving the reason.',
    'error.reroll-reason': 'Say why you re-roll: the rule, or what you agreed.',
    'reroll.reason': 'Reason for the re-roll',
    'reroll.button': 'Re-roll (rule or agreement)',
    'error.procedure': 'The rules do not allow that step.',
    'error.chart': 'This chart is not ready to be rolled on yet.',
  },
  es: {
    'error.dice-spec': 'Esos dados no son válidos (de 1 a 100 dados de 2 a 1000 caras).',
    'error.manual-count': 'Introduce exactamente {expected} dados (has introducido {got}).',
    'error.manual-face': '{value} no está en este dado; valores posibles: {faces}.',
    'error.manual-not-integer': '«{value}» no es un número entero.',
    'error.strength':
      'Las fuerzas deben ser números de 0 a 1.000.000, y la defensa mayor que 0 para calcular la proporción; se recibió «{value}».',
    'error.no-column': 'Ninguna columna de esta tabla encaja.',
    'error.off-table': 'Una tirada de {roll} queda fuera de esta tabla y las reglas no dan límite.',
    'error.table-incomplete':
      'Esta tabla no tiene valor en la fila {row}, columna {column}: introdúcelo antes desde tu tabla impresa.',
    'error.unknown-table': 'Esta tabla no sirve para eso.',
    'error.unknown-row': 'Elige antes una fila.',
    'error.cup-empty': 'El recipiente está vacío.',
    'error.unknown-cup': 'Ese recipiente no existe en este escenario.',
    'error.unknown-chit': 'Esa ficha no está en la mano.',
    'error.chit-not-in-cup': 'Esa ficha no está en el recipiente.',
    'error.look-count': 'Puedes mirar de 1 a {max} fichas.',
    'error.nothing-to-undo': 'No hay nada que deshacer.',
    'error.bad-action': 'Ese paso no es válido.',
    'error.modifier-range': 'Un modificador de la tirada es un número entero de {min} a {max}; «{value}» no lo es.',
    'error.cap-range': 'Un límite de racha es un número entero de {min} a {max}; «{value}» no lo es.',
    'error.shift-range': 'Un desplazamiento de columna es un número entero de {min} a {max}; «{value}» no lo es.',
    'field.number': 'Escribe un número entero de {min} a {max}.',
    'error.once':
      'Ya está hecho: las reglas lo hacen una vez. Para cambiarlo, deshaz ese paso (vuelven los mismos dados) o vuelve a tirar por una regla o por acuerdo, indicando el motivo.',
    'error.reroll-reason': 'Indica por qué se vuelve a tirar: la regla o lo acordado.',
    'reroll.reason': 'Motivo de la nueva tirada',
    'reroll.button': 'Volver a tirar (regla o acuerdo)',
    'error.procedure': 'Las reglas no permiten ese paso.',
    'error.chart': 'Esta tabla aún no está lista para tirar en ella.',
  },
});
