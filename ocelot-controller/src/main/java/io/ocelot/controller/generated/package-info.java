/**
 * MachineConfigs generated from higher-level kinds: KubeletConfig becomes {@code
 * 99-<pool>-generated-kubelet[-N]}, ContainerRuntimeConfig {@code
 * 99-<pool>-generated-containerruntime[-N]}, each owned by its source so that deleting the source
 * deletes it (the control plane's garbage collector). What goes into the files is pure ({@link
 * io.ocelot.controller.generated.KubeletFiles}, {@link io.ocelot.controller.generated.CrioFiles});
 * the reconcilers only read caches and write objects.
 */
package io.ocelot.controller.generated;
