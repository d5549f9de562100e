// OMG IDL (CORBA 3.x, the parts a client calls through), after IdlPreprocessor has expanded
// #include, #define and #if. What the library refuses (value types, fixed, long double, native,
// abstract and local interfaces, components) is still parsed here, so that IdlCompiler can refuse
// it by name, with its file and line, and only where an interface actually uses it.
grammar Idl;

specification : definition* EOF ;

definition
    : typeDcl SEMI
    | constDcl SEMI
    | exceptDcl SEMI
    | interfaceDcl SEMI
    | moduleDcl SEMI
    | valueDcl SEMI?
    | unsupportedDcl
    | PRAGMA
    ;

moduleDcl : MODULE identifier LBRACE definition* RBRACE ;

interfaceDcl : kind=(ABSTRACT | LOCAL)? INTERFACE identifier (inheritance? LBRACE export* RBRACE)? ;

inheritance : COLON scopedName (COMMA scopedName)* ;

export
    : typeDcl SEMI
    | constDcl SEMI
    | exceptDcl SEMI
    | attrDcl SEMI
    | opDcl SEMI
    | PRAGMA
    ;

scopedName : DOUBLE_COLON? identifier (DOUBLE_COLON identifier)* ;

constDcl : CONST constType identifier EQUAL constExp ;

constType
    : integerType | charType | wideCharType | booleanType | floatingPtType | stringType | wideStringType
    | octetType | fixedPtConstType | scopedName
    ;

constExp
    : LPAREN constExp RPAREN                               # parenthesized
    | op=(MINUS | PLUS | TILDE) constExp                   # unary
    | constExp op=(STAR | SLASH | PERCENT) constExp        # multiplicative
    | constExp op=(PLUS | MINUS) constExp                  # additive
    | constExp op=(SHIFT_LEFT | SHIFT_RIGHT) constExp      # shift
    | constExp AMPERSAND constExp                          # bitAnd
    | constExp CARET constExp                              # bitXor
    | constExp PIPE constExp                               # bitOr
    | literal                                              # literalValue
    | scopedName                                           # constant
    ;

literal
    : INTEGER_LITERAL | HEX_LITERAL | OCTAL_LITERAL | FLOATING_LITERAL | FIXED_LITERAL
    | STRING_LITERAL+ | WIDE_STRING_LITERAL+ | CHARACTER_LITERAL | WIDE_CHARACTER_LITERAL
    | TRUE | FALSE
    ;

typeDcl
    : TYPEDEF typeSpec declarators          # typedef
    | structType                            # structDcl
    | unionType                             # unionDcl
    | enumType                              # enumDcl
    | NATIVE identifier                     # nativeDcl
    | STRUCT identifier                     # structForward
    | UNION identifier                      # unionForward
    ;

typeSpec : simpleTypeSpec | structType | unionType | enumType ;

simpleTypeSpec : baseTypeSpec | templateTypeSpec | scopedName ;

baseTypeSpec
    : floatingPtType | integerType | charType | wideCharType | booleanType | octetType | anyType | objectType
    | valueBaseType
    ;

templateTypeSpec : sequenceType | stringType | wideStringType | fixedPtType ;

declarators : declarator (COMMA declarator)* ;

declarator : identifier fixedArraySize* ;

fixedArraySize : LBRACK constExp RBRACK ;

floatingPtType : FLOAT | DOUBLE | LONG DOUBLE ;

integerType
    : SHORT | LONG | LONG LONG
    | UNSIGNED SHORT | UNSIGNED LONG | UNSIGNED LONG LONG
    | INT8 | INT16 | INT32 | INT64 | UINT8 | UINT16 | UINT32 | UINT64
    ;

charType : CHAR ;
wideCharType : WCHAR ;
booleanType : BOOLEAN ;
octetType : OCTET ;
anyType : ANY ;
objectType : OBJECT ;
valueBaseType : VALUEBASE ;

structType : STRUCT identifier LBRACE member* RBRACE ;

member : typeSpec declarators SEMI ;

unionType : UNION identifier SWITCH LPAREN switchTypeSpec RPAREN LBRACE switchCase+ RBRACE ;

switchTypeSpec : integerType | charType | wideCharType | booleanType | octetType | enumType | scopedName ;

switchCase : caseLabel+ typeSpec declarator SEMI ;

caseLabel : CASE constExp COLON | DEFAULT COLON ;

enumType : ENUM identifier LBRACE identifier (COMMA identifier)* RBRACE ;

sequenceType : SEQUENCE LT simpleTypeSpec (COMMA constExp)? GT ;

stringType : STRING (LT constExp GT)? ;

wideStringType : WSTRING (LT constExp GT)? ;

fixedPtType : FIXED LT constExp COMMA constExp GT ;

fixedPtConstType : FIXED ;

exceptDcl : EXCEPTION identifier LBRACE member* RBRACE ;

attrDcl : READONLY? ATTRIBUTE paramTypeSpec identifier (COMMA identifier)* attrRaises* ;

attrRaises : (RAISES | GETRAISES | SETRAISES) LPAREN scopedName (COMMA scopedName)* RPAREN ;

opDcl : ONEWAY? opTypeSpec identifier parameterDcls raisesExpr? contextExpr? ;

opTypeSpec : VOID | paramTypeSpec ;

parameterDcls : LPAREN (paramDcl (COMMA paramDcl)*)? RPAREN ;

paramDcl : direction=(IN | OUT | INOUT) paramTypeSpec identifier ;

paramTypeSpec : baseTypeSpec | stringType | wideStringType | sequenceType | fixedPtType | scopedName ;

raisesExpr : RAISES LPAREN scopedName (COMMA scopedName)* RPAREN ;

contextExpr : CONTEXT LPAREN STRING_LITERAL (COMMA STRING_LITERAL)* RPAREN ;

// value types: recognised so that using one is refused by name, not parsed for their members
valueDcl : (ABSTRACT | CUSTOM)? VALUETYPE identifier (~(LBRACE | SEMI))* (LBRACE balanced RBRACE)? ;

balanced : (LBRACE balanced RBRACE | ~(LBRACE | RBRACE))* ;

// CORBA 3 component and repository-id declarations: refused where they stand
unsupportedDcl : kind=(COMPONENT | HOME | EVENTTYPE | IMPORT | TYPEID | TYPEPREFIX) (~(LBRACE | SEMI))*
                 (LBRACE balanced RBRACE)? SEMI ;

// an identifier; a leading underscore escapes one that collides with a keyword
identifier : IDENTIFIER ;

// keywords (IDL's are case-sensitive)
ABSTRACT : 'abstract' ;
ANY : 'any' ;
ATTRIBUTE : 'attribute' ;
BOOLEAN : 'boolean' ;
CASE : 'case' ;
CHAR : 'char' ;
COMPONENT : 'component' ;
CONST : 'const' ;
CONTEXT : 'context' ;
CUSTOM : 'custom' ;
DEFAULT : 'default' ;
DOUBLE : 'double' ;
ENUM : 'enum' ;
EVENTTYPE : 'eventtype' ;
EXCEPTION : 'exception' ;
FALSE : 'FALSE' ;
FIXED : 'fixed' ;
FLOAT : 'float' ;
GETRAISES : 'getraises' ;
HOME : 'home' ;
IMPORT : 'import' ;
IN : 'in' ;
INOUT : 'inout' ;
INT8 : 'int8' ;
INT16 : 'int16' ;
INT32 : 'int32' ;
INT64 : 'int64' ;
INTERFACE : 'interface' ;
LOCAL : 'local' ;
LONG : 'long' ;
MODULE : 'module' ;
NATIVE : 'native' ;
OBJECT : 'Object' ;
OCTET : 'octet' ;
ONEWAY : 'oneway' ;
OUT : 'out' ;
RAISES : 'raises' ;
READONLY : 'readonly' ;
SEQUENCE : 'sequence' ;
SETRAISES : 'setraises' ;
SHORT : 'short' ;
STRING : 'string' ;
STRUCT : 'struct' ;
SWITCH : 'switch' ;
TRUE : 'TRUE' ;
TYPEDEF : 'typedef' ;
TYPEID : 'typeid' ;
TYPEPREFIX : 'typeprefix' ;
UINT8 : 'uint8' ;
UINT16 : 'uint16' ;
UINT32 : 'uint32' ;
UINT64 : 'uint64' ;
UNION : 'union' ;
UNSIGNED : 'unsigned' ;
VALUEBASE : 'ValueBase' ;
VALUETYPE : 'valuetype' ;
VOID : 'void' ;
WCHAR : 'wchar' ;
WSTRING : 'wstring' ;

SEMI : ';' ;
COLON : ':' ;
DOUBLE_COLON : '::' ;
COMMA : ',' ;
LBRACE : '{' ;
RBRACE : '}' ;
LPAREN : '(' ;
RPAREN : ')' ;
LBRACK : '[' ;
RBRACK : ']' ;
LT : '<' ;
GT : '>' ;
EQUAL : '=' ;
PLUS : '+' ;
MINUS : '-' ;
STAR : '*' ;
SLASH : '/' ;
PERCENT : '%' ;
TILDE : '~' ;
AMPERSAND : '&' ;
CARET : '^' ;
PIPE : '|' ;
SHIFT_LEFT : '<<' ;
SHIFT_RIGHT : '>>' ;

// kept for the definitions that follow it; #include, #define and #if are gone by now
PRAGMA : '#' [ \t]* 'pragma' ~[\r\n]* ;

IDENTIFIER : [a-zA-Z_] [a-zA-Z0-9_]* ;

FIXED_LITERAL : ([0-9]+ ('.' [0-9]*)? | '.' [0-9]+) [dD] ;
FLOATING_LITERAL
    : [0-9]+ '.' [0-9]* EXPONENT? [fF]?
    | '.' [0-9]+ EXPONENT? [fF]?
    | [0-9]+ EXPONENT [fF]?
    ;
HEX_LITERAL : '0' [xX] [0-9a-fA-F]+ ;
OCTAL_LITERAL : '0' [0-7]+ ;
INTEGER_LITERAL : '0' | [1-9] [0-9]* ;
fragment EXPONENT : [eE] [+-]? [0-9]+ ;

WIDE_CHARACTER_LITERAL : 'L' CHARACTER_LITERAL ;
CHARACTER_LITERAL : '\'' (ESCAPE | ~['\\\r\n]) '\'' ;
WIDE_STRING_LITERAL : 'L' STRING_LITERAL ;
STRING_LITERAL : '"' (ESCAPE | ~["\\\r\n])* '"' ;
fragment ESCAPE : '\\' ( [ntvbrfa\\?'"] | [0-7] [0-7]? [0-7]? | 'x' [0-9a-fA-F] [0-9a-fA-F]? | 'u' [0-9a-fA-F]+ ) ;

LINE_COMMENT : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
WHITESPACE : [ \t\r\n\f]+ -> skip ;
EOF_MARK : [\u001a] -> skip ;
