package org.corbabridge.adapter.internal.codec;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Locale;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.omg.CORBA.portable.InputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Readers of generated struct classes, made at run time, one class per struct (ASM, defined as a
 * hidden class of this package): what the struct's generated helper does, {@code new}, then each
 * field stored straight from the stream, with the struct's own codecs for the members that are not
 * primitive (its strings' codec reads them as the ORB's platform allows). Reflection costs a struct an access check and a type check per
 * field (Field.set: 9 to 14% of the dynamic path's CPU at 300 KB), a method handle or var handle
 * held in a field as much again (measured: 15 to 25 ns a struct of four members, against 2 ns
 * for the same stores in code).
 *
 * <p>A reader is made only for a public class the adapter's own class loader sees as the same
 * class, with public fields whose types it sees too (a struct of an application the adapter is
 * not deployed with is read by reflection, as before). The hidden class is unloaded with the
 * codec that holds it.
 */
final class StructReaders {

    private static final Logger LOG = LoggerFactory.getLogger(StructReaders.class);

    /** Reads one struct's members, in order, into a new instance of its generated class. */
    interface Reader {
        /** @param members the struct's codecs, for members that are not primitive */
        Object read(InputStream in, Codec[] members);
    }

    private static final String INPUT_STREAM = Type.getInternalName(InputStream.class);
    private static final String CODEC = Type.getInternalName(Codec.class);

    private StructReaders() {
    }

    /**
     * A reader of {@code type}, or null where none can be made here.
     *
     * @param primitives per field, its primitive kind when it is read straight into the field
     */
    static Reader of(Class<?> type, Field[] fields, Primitive[] primitives) {
        if (!visible(type) || !Modifier.isPublic(type.getModifiers()) || Modifier.isAbstract(type.getModifiers())) {
            return null;
        }
        for (Field field : fields) {
            if (!Modifier.isPublic(field.getModifiers()) || Modifier.isFinal(field.getModifiers())
                    || Modifier.isStatic(field.getModifiers()) || !visible(field.getType())) {
                return null;
            }
        }
        try {
            byte[] bytes = generate(type, fields, primitives);
            Class<?> reader = MethodHandles.lookup().defineHiddenClass(bytes, true).lookupClass();
            return (Reader) reader.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException refused) {
            LOG.debug("no generated reader for {}; its fields are set by reflection", type.getName(), refused);
            return null;
        }
    }

    /** Whether the adapter's class loader resolves {@code type}'s name to {@code type} itself. */
    private static boolean visible(Class<?> type) {
        Class<?> element = type;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        if (element.isPrimitive()) {
            return true;
        }
        try {
            return Class.forName(element.getName(), false, StructReaders.class.getClassLoader()) == element;
        } catch (ClassNotFoundException | LinkageError notSeen) {
            return false;
        }
    }

    private static byte[] generate(Class<?> type, Field[] fields, Primitive[] primitives) {
        String struct = Type.getInternalName(type);
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER,
                Type.getInternalName(StructReaders.class).replace("StructReaders", "StructReader"), null,
                "java/lang/Object", new String[] {Type.getInternalName(Reader.class)});

        MethodVisitor init = writer.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        MethodVisitor read = writer.visitMethod(Opcodes.ACC_PUBLIC, "read",
                Type.getMethodDescriptor(Type.getType(Object.class), Type.getType(InputStream.class),
                        Type.getType(Codec[].class)), null, null);
        read.visitCode();
        read.visitTypeInsn(Opcodes.NEW, struct);
        read.visitInsn(Opcodes.DUP);
        read.visitMethodInsn(Opcodes.INVOKESPECIAL, struct, "<init>", "()V", false);
        read.visitVarInsn(Opcodes.ASTORE, 3);
        for (int i = 0; i < fields.length; i++) {
            Field field = fields[i];
            String descriptor = Type.getDescriptor(field.getType());
            read.visitVarInsn(Opcodes.ALOAD, 3);
            if (primitives[i] != null) {
                read.visitVarInsn(Opcodes.ALOAD, 1);
                read.visitMethodInsn(Opcodes.INVOKEVIRTUAL, INPUT_STREAM,
                        "read_" + primitives[i].name().toLowerCase(Locale.ROOT), "()" + descriptor, false);
            } else {
                read.visitVarInsn(Opcodes.ALOAD, 2);
                read.visitLdcInsn(i);
                read.visitInsn(Opcodes.AALOAD);
                read.visitVarInsn(Opcodes.ALOAD, 1);
                read.visitMethodInsn(Opcodes.INVOKEINTERFACE, CODEC, "read",
                        Type.getMethodDescriptor(Type.getType(Object.class), Type.getType(InputStream.class)), true);
                read.visitTypeInsn(Opcodes.CHECKCAST, Type.getInternalName(field.getType()));
            }
            read.visitFieldInsn(Opcodes.PUTFIELD, struct, field.getName(), descriptor);
        }
        read.visitVarInsn(Opcodes.ALOAD, 3);
        read.visitInsn(Opcodes.ARETURN);
        read.visitMaxs(0, 0);
        read.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }
}
